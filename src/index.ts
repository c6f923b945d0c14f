import { createApp } from './app.js';
import { runDailyCron } from './daily/cron.js';
import type { Env } from './env.js';
import { withFrontCache } from './http/front-cache.js';
import { errorFields, log } from './http/log.js';
import { calibrateBenchmarks } from './play/calibrate-benchmarks.js';
import { catchUpPuzzleRatings } from './play/catch-up-puzzle-ratings.js';
import { createServices } from './services.js';

export { PuzzleBoard } from './live/puzzle-board.js';

const app = createApp();

export default {
  fetch: withFrontCache(app.fetch),
  /** Daily: make the coming days, calibrate benchmarks, finish puzzle ratings. Each step logs its own failure; the others still run. */
  async scheduled(_controller, env) {
    const { config, db, now } = await createServices(env);
    const results = await Promise.allSettled([
      runDailyCron({ db, salt: config.puzzleSalt, now }, config),
      calibrateBenchmarks(db, now()),
      catchUpPuzzleRatings(db),
    ]);
    for (const result of results) {
      if (result.status === 'rejected') log('error', 'scheduled step failed', errorFields(result.reason));
    }
  },
} satisfies ExportedHandler<Env>;
