import { defineProject } from 'vitest/config';

// Behaviour of the benchmarks' own helpers (statistics, load schedule, data, rate figures);
// the benchmarks themselves run on purpose only (README.md), never in a test run.
export default defineProject({
  test: {
    name: 'bench',
    include: ['lib/**/*.test.ts'],
    environment: 'node',
  },
});
