import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');

/** dependency-cruiser's command, wherever the workspace installed it (here or at the repository root). */
function depcruiseBin(): string {
  for (let dir = serverRoot; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
    if (existsSync(bin)) return bin;
    if (path.dirname(dir) === dir) throw new Error('dependency-cruiser is not installed');
  }
}

/**
 * The server's import rules (apps/server/.dependency-cruiser.cjs: no import cycle, providers
 * below modules, the direction of modules/accounting's parts), the same check as
 * `npm run check:boundaries -w @fairway/server`.
 */
describe('import rules', () => {
  it('apps/server/src and test keep them', () => {
    const run = spawnSync(
      process.execPath,
      [depcruiseBin(), 'src', 'test', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      {
        cwd: serverRoot,
        encoding: 'utf8',
      },
    );
    expect(run.stdout + run.stderr).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 120_000);
});
