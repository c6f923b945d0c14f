import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { createPushService } from './test/support/push-service.js';

/** The suite's push service: the Worker's outbound fetches to this origin reach it, and nothing else leaves. */
const PUSH_ORIGIN = 'https://push.test';

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  const push = createPushService();
  const pushService = (request: Request) =>
    new URL(request.url).origin === PUSH_ORIGIN
      ? push.handle(request)
      : new Response(`no network in the tests: ${request.url}`, { status: 502 });
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
          outboundService: pushService,
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
