import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/engines/**/*.test.ts',
      'test/daily/calendar.test.ts',
      'test/daily/window.test.ts',
      'test/daily/seed.test.ts',
      'test/daily/local-hour.test.ts',
      'test/auth/**/*.test.ts',
      'test/rating/**/*.test.ts',
      'test/fairplay/**/*.test.ts',
      'test/live/counted-times.test.ts',
      'test/card/**/*.test.ts',
    ],
    testTimeout: 60_000,
  },
});
