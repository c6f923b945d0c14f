import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    plugins: [
      cloudflareTest({
        main: './src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // wrangler.toml is a deployment; the tests ask for development (the built-in dev secrets) themselves.
          // The suite runs the committed direct path (it reads D1 right after it submits); test/live runs the
          // boards' (support/live.ts) and waits for their flush.
          bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: 'development' },
        },
      }),
    ],
    test: {
      include: ['test/**/*.test.ts'],
      setupFiles: ['./test/setup/apply-migrations.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
