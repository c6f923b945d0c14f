import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { PURE_TESTS } from './test/pure-tests.js';
import { createHookReceiver } from './test/support/hook-receiver.js';
import { createIdentityProvider } from './test/support/identity-provider.js';
import { createPushService } from './test/support/push-service.js';

/** The suite's push service: the Worker's outbound fetches to this origin reach it. */
const PUSH_ORIGIN = 'https://push.test';
/** The suite's webhook receiver, likewise. */
const HOOKS_ORIGIN = 'https://hooks.test';
/** The suite's identity provider, serving the JWKS of the sign-in tests (test/support/id-tokens.ts); nothing else leaves. */
const IDP_ORIGIN = 'https://idp.test';

const projects: TestProjectInlineConfiguration[] = [
  {
    // Every file that may touch a binding gets a workerd of its own, so its D1, rate limiters and
    // module state start empty (vitest's isolation: one pool worker, one Miniflare, per file). One file at
    // a time, vitest's default on 2 cores: with two, a 74 s file took 343 s and two of its tests timed out.
    extends: true,
    test: {
      name: 'workerd',
      include: ['test/**/*.test.ts'],
      exclude: PURE_TESTS,
      setupFiles: ['./test/setup/apply-migrations.ts'],
    },
  },
  {
    // The pure modules' tests (test/pure-tests.ts) touch no binding, so they share one workerd: starting a
    // runtime and loading vitest into it per file took longer than most of these files' tests. One worker:
    // vitest then hands it every file in one batch, and the pool (0.14.9) wraps its module runner once per
    // batch, where with more workers it would wrap it once more for every file, slowing each later one.
    extends: true,
    test: {
      name: 'workerd-pure',
      include: PURE_TESTS,
      isolate: false,
      maxWorkers: 1,
      sequence: { groupOrder: 1 },
    },
  },
];

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  const push = createPushService();
  const hooks = createHookReceiver();
  const idp = createIdentityProvider();
  const outbound = (request: Request) => {
    const { origin } = new URL(request.url);
    if (origin === PUSH_ORIGIN) return push.handle(request);
    if (origin === HOOKS_ORIGIN) return hooks.handle(request);
    if (origin === IDP_ORIGIN) return idp.handle(request);
    return new Response(`no network in the tests: ${request.url}`, { status: 502 });
  };
  return {
    plugins: [
      cloudflareTest({
        main: './src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // wrangler.toml is a deployment; the tests ask for development (the built-in dev secrets) themselves.
          // Ranked submissions take the committed path, SUBMISSION_PATH as wrangler.toml says (the live
          // boards): support/play.ts's `submit` settles a puzzle's boards before the test reads D1, and a test
          // of the direct path names it (support/live.ts's `onDirect`).
          bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: 'development' },
          outboundService: outbound,
        },
      }),
    ],
    test: {
      testTimeout: 60_000,
      hookTimeout: 60_000,
      projects,
    },
  };
});
