import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: E2E_SERVERS product servers (default 2, started as the README says, each with its
// own demo club) and one Chromium. Each test worker runs its files one after another on its own
// server (fixtures/browser.ts server()), so two files run at once and never share data.
// E2E_SERVERS=1: every file on one server, one at a time.
const servers = Math.max(1, Number(process.env.E2E_SERVERS ?? 2) || 1);

export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./fixtures/global-setup.ts'],
    fileParallelism: servers > 1,
    maxWorkers: servers,
    // Deadlines for a loaded two-core machine; a passing test never waits for them.
    testTimeout: 180_000,
    // expect.poll's default (1 s) would fail a check that only waits on a busy machine.
    expect: { poll: { timeout: 60_000 } },
    hookTimeout: 240_000,
  },
});
