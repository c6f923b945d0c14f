import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied by wrangler (`npm run db:migrate:local`), locally and remotely.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});
