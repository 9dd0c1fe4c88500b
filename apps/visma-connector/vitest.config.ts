import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'visma-connector',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
