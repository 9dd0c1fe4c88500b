import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Every test file gets its own process and its own fresh database.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
