import { defineConfig } from 'vitest/config';

/**
 * Tests from outside the Worker, in plain Node: the browser test (test/e2e; playwright-core drives
 * Chromium while the Worker's deploy bundle runs in Miniflare, test/e2e/serve-worker.ts), the command-line tool (test/cli, run as a real
 * process), and the API's contract (test/contract: the OpenAPI document's examples, which a JSON Schema
 * validator checks with code generation that workerd does not allow, and the client package as a
 * browser project installs it), and the project's own scripts (test/scripts). The workers-pool config (vitest.config.ts) only collects *.test.ts, so it
 * never sees these.
 */
export default defineConfig({
  test: {
    include: [
      'test/e2e/**/*.e2e.ts',
      'test/cli/**/*.e2e.ts',
      'test/contract/**/*.e2e.ts',
      'test/architecture/**/*.e2e.ts',
      'test/scripts/**/*.e2e.ts',
    ],
    environment: 'node',
    // One migrated local D1 and one Worker bundle for the run, which every Worker a test starts uses (test/e2e/worker.ts).
    globalSetup: ['./test/e2e/migrated-d1.ts', './test/e2e/worker-bundle.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
