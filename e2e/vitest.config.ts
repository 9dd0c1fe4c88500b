import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: one product server for the whole run (started as the README says), and one
// Chromium; files run one after another so the two cores are not oversubscribed.
export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./fixtures/global-setup.ts'],
    fileParallelism: false,
    // Deadlines for a loaded two-core machine; a passing test never waits for them.
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
