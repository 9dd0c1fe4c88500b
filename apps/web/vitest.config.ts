import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machine, which
    // then runs 80 jsdom files one after another with a core idle. Both cores.
    maxWorkers: Math.max(2, availableParallelism()),
    // Vitest runs projects of different maxWorkers in groups one after the other, each group its
    // own order: this one after the default group (shared, bench), apart from the server's (1).
    sequence: { groupOrder: 2 },
    // Rendering the whole shell with lazy routes in jsdom takes a few seconds on a 2-core machine.
    testTimeout: 45_000,
  },
});
