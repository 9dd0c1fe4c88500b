import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dependency-cruiser/package.json')),
  'bin',
  'dependency-cruise.mjs',
);

/**
 * The server's import rules (apps/server/.dependency-cruiser.cjs: no import cycle, providers
 * below modules, the direction of modules/accounting's parts), the same check as
 * `npm run check:boundaries -w @fairway/server`.
 */
describe('import rules', () => {
  it('apps/server/src and test keep them', () => {
    const run = spawnSync(
      process.execPath,
      [depcruise, 'src', 'test', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      {
        cwd: serverRoot,
        encoding: 'utf8',
      },
    );
    expect(run.stdout + run.stderr).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 120_000);
});
