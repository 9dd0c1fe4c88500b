import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';

const require = createRequire(import.meta.url);
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const DRIZZLE_KIT = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
/** The same globs as drizzle.config.ts. */
const SCHEMA_GLOBS = ['./src/modules/**/*.tables.ts', './src/providers/**/*.tables.ts'];

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** drizzle-kit prefixes paths with './', so everything it gets is relative to the server folder. */
const rel = (p: string) => path.relative(SERVER_DIR, p);

/**
 * Runs `drizzle-kit generate` as a developer would, but into a copy of the migrations folder,
 * and answers the .sql files it added.
 */
function generateIntoCopy(extraSchemaFiles: string[] = []) {
  const work = mkdtempSync(path.join(tmpdir(), 'fairway-drift-'));
  temps.push(work);
  const out = path.join(work, 'migrations');
  if (existsSync(MIGRATIONS_FOLDER)) cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
  const sqlFiles = () => (existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.sql')) : []);
  const before = new Set(sqlFiles());

  const config = path.join(work, 'drizzle.config.json');
  writeFileSync(
    config,
    JSON.stringify({ dialect: 'postgresql', schema: [...SCHEMA_GLOBS, ...extraSchemaFiles.map(rel)], out: rel(out) }),
  );
  // No stdin: a rename question (a table or column both dropped and added) fails the run.
  const run = spawnSync(process.execPath, [DRIZZLE_KIT, 'generate', '--config', rel(config)], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  const added = sqlFiles().filter((f) => !before.has(f));
  return {
    status: run.status,
    output: `${run.stdout}\n${run.stderr}`,
    added: added.map((f) => ({ name: f, sql: readFileSync(path.join(out, f), 'utf8') })),
    work,
  };
}

describe('Drizzle schema and migrations', () => {
  it('agree: drizzle-kit generate has nothing to add', () => {
    const result = generateIntoCopy();
    expect(result.status, result.output).toBe(0);
    expect(
      result.added.map((f) => f.name),
      'The *.tables.ts files changed without a migration: run `npm run db:generate` in apps/server',
    ).toEqual([]);
    expect(result.output).toMatch(/nothing to migrate/i);
  });

  it('would notice a table that has no migration', () => {
    const probeDir = mkdtempSync(path.join(tmpdir(), 'fairway-drift-probe-'));
    temps.push(probeDir);
    const probe = path.join(probeDir, 'probe.tables.ts');
    // An absolute import: the temp folder has no node_modules to resolve drizzle-orm from.
    writeFileSync(
      probe,
      `import { pgTable, text } from ${JSON.stringify(require.resolve('drizzle-orm/pg-core'))};\n` +
        `export const driftProbe = pgTable('drift_probe', { id: text('id').primaryKey() });\n`,
    );
    const result = generateIntoCopy([probe]);
    expect(result.status, result.output).toBe(0);
    expect(result.added).toHaveLength(1);
    expect(result.added[0]?.sql).toContain('CREATE TABLE "drift_probe"');
  });
});
