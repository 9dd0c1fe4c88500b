import { availableParallelism } from 'node:os';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Every test file gets its own process and its own fresh database, a copy of the migrated
    // template this builds once per run (test/test-databases.ts).
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single one on the two-core CI machine,
    // which then leaves a core idle whenever a test waits on PostgreSQL. Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Vitest runs projects of different maxWorkers in separate groups, one after the other: this
    // one after those of the default group (visma-connector in `npm run test:api`).
    sequence: { groupOrder: 1 },
    globalSetup: ['./test/global-setup.ts'],
    // Deadlines for a loaded two-core machine running two files at once; a passing test never
    // waits for them.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
