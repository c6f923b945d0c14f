import { defineConfig } from 'vitest/config';

/**
 * The browser test (test/e2e): plain Node, because playwright-core drives Chromium from outside the
 * Worker, which itself runs under `wrangler dev`. The workers-pool config (vitest.config.ts) only
 * collects *.test.ts, so it never sees these files.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
