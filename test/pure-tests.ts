/**
 * The tests of the pure modules (engines, rating, fair play, auth, the calendar, the live boards' counting, the share card's text): they need nothing of workerd
 * but its JavaScript, so they run in Node too (vitest.node.config.ts, which Stryker drives) and, in workerd,
 * in one shared runtime rather than a fresh one per file (vitest.config.ts). A test listed here must touch no
 * binding (no D1, no rate limiter, no SELF): files of this list share the runtime and its module state.
 */
export const PURE_TESTS = [
  'test/engines/**/*.test.ts',
  'test/daily/calendar.test.ts',
  'test/daily/calendar-change.test.ts',
  'test/daily/window.test.ts',
  'test/daily/seed.test.ts',
  'test/daily/local-hour.test.ts',
  'test/daily/board-shards.test.ts',
  'test/auth/**/*.test.ts',
  'test/rating/**/*.test.ts',
  'test/fairplay/**/*.test.ts',
  'test/live/counted-times.test.ts',
  'test/live/shards.test.ts',
  'test/live/peer-times.test.ts',
  'test/live/minute-peak.test.ts',
  'test/card/**/*.test.ts',
  'test/push/push-hosts.test.ts',
  'test/contract/hint.test.ts',
  'test/bench/proc-stat.test.ts',
  'test/bench/remote-d1.test.ts',
  'test/bench/split-figures.test.ts',
  'test/webhooks/pure/*.test.ts',
];
