import { type Config, ConfigError, loadConfig } from './config.js';
import { createDb, type Db } from './db/client.js';
import type { Env } from './env.js';
import { type LiveBoards, liveBoards, puzzleBoards } from './live/boards.js';
import { VAPID_ADVICE, vapidPairMatches } from './push/vapid-keys.js';
import { developmentClock } from './runtime/development-clock.js';
import type { WebhookMessage } from './webhooks/events.js';

/** What every flow gets, from a request or from the cron: parsed config, the database and the clocks. */
export interface Services {
  config: Config;
  /** A request's D1 session (src/http/d1-session.ts); the cron's plain handle, which D1 sends to the primary. */
  db: Db;
  /**
   * A handle whose first query any replica may answer (or one holding the caller's bookmark): for a read
   * after which the request writes nothing to D1, as a ranked submission's on the live boards. The
   * request's `db` when the request is itself a read; the cron's plain handle.
   */
  replica: Db;
  /** The service's now: in development the test clock of PUT /v1/admin/clock when one is set. */
  now: () => Date;
  /** The real clock, whatever the test clock says: for the windows that protect the service. */
  realNow: () => Date;
  /** The live puzzles' boards; undefined on the direct path (`SUBMISSION_PATH` other than "boards", or no binding). */
  boards?: LiveBoards;
  /** The webhook queue (src/webhooks): a flow only sends to it; its consumer delivers. Undefined without the binding. */
  webhooks?: Queue<WebhookMessage>;
}

/**
 * Config, database handle and boards per environment object: the runtime hands every request of an isolate
 * the same one. The config is checked once more after parsing, by the one check that needs Web Crypto: that
 * the VAPID keys are a pair.
 */
const settledByEnv = new WeakMap<Env, Promise<Pick<Services, 'config' | 'db' | 'boards'>>>();

function settled(env: Env): Promise<Pick<Services, 'config' | 'db' | 'boards'>> {
  let services = settledByEnv.get(env);
  if (!services) {
    const config = loadConfig(env);
    const boards =
      env.PUZZLE_BOARD && env.SUBMISSION_PATH === 'boards'
        ? liveBoards(puzzleBoards(env.PUZZLE_BOARD))
        : undefined;
    services = checkedVapid(config).then(() => ({ config, db: createDb(env.DB), ...(boards && { boards }) }));
    settledByEnv.set(env, services);
  }
  return services;
}

async function checkedVapid(config: Config): Promise<void> {
  if (await vapidPairMatches(config.vapid)) return;
  throw new ConfigError(
    `VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY; ${VAPID_ADVICE} and set both`,
  );
}

/**
 * The services of one request or one cron run. `realNow` is the real clock (tests pass a fixed one); `db` is
 * the request's own handle (a D1 session) and `replica` its replica-first one, the per-environment plain one
 * for both when none are given. A
 * deployment's clock is the real one as it stands, with no read of the test clock on its hot path; in
 * development the test clock moves it when one is set, for the cron as for requests, so a day change can
 * be tried over HTTP.
 */
export async function createServices(
  env: Env,
  realNow: () => Date = () => new Date(),
  handles?: { db: Db; replica: Db },
): Promise<Services> {
  const { config, db: plain, boards } = await settled(env);
  const { db, replica } = handles ?? { db: plain, replica: plain };
  const now = config.development ? await developmentClock(db, realNow) : realNow;
  const webhooks = env.WEBHOOK_QUEUE as Queue<WebhookMessage> | undefined;
  return { config, db, replica, now, realNow, ...(boards && { boards }), ...(webhooks && { webhooks }) };
}
