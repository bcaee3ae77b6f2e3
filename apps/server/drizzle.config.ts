import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the server applies them at start on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/schema.ts',
  out: './drizzle',
});
