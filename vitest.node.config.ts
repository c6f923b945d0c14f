import { defineConfig } from 'vitest/config';
import { PURE_TESTS } from './test/pure-tests.js';

export default defineConfig({
  test: {
    include: PURE_TESTS,
    testTimeout: 60_000,
  },
});
