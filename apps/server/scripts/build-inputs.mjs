// Whether a build is current: a SHA-256 over the contents of every file it is made from (and the
// environment it reads), compared with the hash stored beside its output when it was last built.
// `npm start` skips a build whose inputs have not changed (docs/operations.md#builds). Plain
// JavaScript, so that deciding costs no TypeScript compiler at start.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage']);
const isTest = (name) => /\.test\.(ts|tsx|mts|mjs)$/.test(name);

/**
 * What each build is made from, relative to the repository root. Directories are read whole
 * (every file but tests, which no build imports); `env` names the variables the build reads.
 */
export const BUILDS = {
  web: {
    inputs: [
      // The app's sources, locale files, public files, index.html, Vite/PostCSS/TS configuration
      // and package.json: the whole workspace but its output and node_modules.
      'apps/web',
      'packages/shared/src',
      'packages/shared/package.json',
      // Every package version.
      'package.json',
      'package-lock.json',
      // The build itself (Vite run, pre-compression).
      'apps/server/scripts/build.mjs',
      'apps/server/scripts/build-inputs.mjs',
    ],
    // apps/web/vite.config.ts reads BRAND and VITE_* (Vite builds in production mode whatever
    // NODE_ENV says).
    env: (name) => name === 'BRAND' || name.startsWith('VITE_'),
    output: 'apps/web/dist',
    required: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist-inputs.sha256',
  },
  server: {
    inputs: [
      // The migrations are read at run time from their folder (db/migrate.ts), not bundled.
      'apps/server/src',
      '!apps/server/src/db/migrations',
      'apps/server/package.json',
      'apps/server/scripts/build.mjs',
      'apps/server/scripts/build-inputs.mjs',
      'packages/shared/src',
      'packages/shared/package.json',
      'package.json',
      'package-lock.json',
    ],
    env: () => false,
    output: 'apps/server/dist',
    required: 'apps/server/dist/main.js',
    stamp: 'apps/server/dist-inputs.sha256',
  },
};

function listFiles(root, relative, excluded, out) {
  const full = path.join(root, relative);
  if (excluded.has(relative)) return;
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOTDIR') {
      out.push(relative);
      return;
    }
    if (error.code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(root, child, excluded, out);
    } else if (entry.isFile() && !isTest(entry.name) && !entry.name.endsWith('-inputs.sha256')) {
      out.push(child);
    }
  }
}

/**
 * The hash of a build's inputs: every file's path and contents, in a fixed order, then the
 * variables of the environment the build reads.
 * @param {{ inputs: string[], env: (name: string) => boolean }} build
 * @param {{ root?: string, env?: Record<string, string | undefined> }} [options]
 */
export function inputsHash(build, { root = ROOT, env = process.env } = {}) {
  const excluded = new Set(build.inputs.filter((p) => p.startsWith('!')).map((p) => p.slice(1)));
  const files = [];
  for (const input of build.inputs) if (!input.startsWith('!')) listFiles(root, input, excluded, files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env).filter(build.env).sort()) hash.update(`env ${name}=${env[name]}\0`);
  return hash.digest('hex');
}

/**
 * Whether the output is current: it exists and the stamp beside it holds this hash of the inputs.
 * @param {{ required: string, stamp: string }} build
 * @param {string} hash
 * @param {{ root?: string }} [options]
 */
export function isCurrent(build, hash, { root = ROOT } = {}) {
  if (!existsSync(path.join(root, build.required))) return false;
  try {
    return readFileSync(path.join(root, build.stamp), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** Before building: a build stopped half-way must not pass for current. */
export function clearStamp(build, { root = ROOT } = {}) {
  rmSync(path.join(root, build.stamp), { force: true });
}

/** After a build that succeeded. */
export function writeStamp(build, hash, { root = ROOT } = {}) {
  writeFileSync(path.join(root, build.stamp), `${hash}\n`);
}
