import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { runDailyCron } from './daily/cron.js';
import { createDb } from './db/client.js';
import type { Env } from './env.js';

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    const config = loadConfig(env);
    const run = runDailyCron(
      { db: createDb(env.DB), salt: config.puzzleSalt, now: () => new Date() },
      config,
    );
    ctx.waitUntil(run);
    await run;
  },
} satisfies ExportedHandler<Env>;

export type { AppType } from './app.js';
