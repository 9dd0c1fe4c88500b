import { defineConfig } from 'vitest/config';

// One vitest run with a project per workspace; `--project` picks which ones run.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/visma-connector', 'bench'],
  },
});
