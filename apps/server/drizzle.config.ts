import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/**/*.tables.ts', './src/providers/**/*.tables.ts'],
  out: './src/db/migrations',
});
