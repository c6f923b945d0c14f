/**
 * The Worker of an end-to-end test, in a process of its own: the bundle `wrangler deploy` would upload
 * (test/e2e/worker-bundle.ts), served by Miniflare, the engine under `wrangler dev`, with the committed
 * configuration's bindings and its state in a persist directory laid out as wrangler dev's.
 *
 * Not `wrangler dev` itself: the proxy it puts in front of the Worker stops the whole server when one
 * proxied request fails, as a browser's cancelled request sometimes makes it (workers-sdk #14926, mended
 * only in releases that need Node 22). Two CI runs lost every later test of a browser file to that.
 * `npm start`, which is wrangler dev, keeps its own test (test/scripts/quiet-start.e2e.ts).
 *
 * Run as `node --import tsx test/e2e/serve-worker.ts '<ServeOptions as JSON>'` with an IPC channel: prints
 * `ready <origin>` once it serves, runs a cron when asked, and disposes it all on SIGTERM.
 */

import { Log, LogLevel, Miniflare } from 'miniflare';
import { snapshotOptions } from '../../bench/support/wrangler.js';

export interface ServeOptions {
  /** The bundle's configuration (test/e2e/worker-bundle.ts). */
  config: string;
  persistTo: string;
  port: number;
  /** Worker vars over the committed ones. */
  vars: Record<string, string>;
}

/** A cron run asked of this process, and what it answers: the scheduled handler's outcome ('ok' when it returned). */
export interface ScheduledAsk {
  scheduled: string;
}
export interface ScheduledRun extends ScheduledAsk {
  outcome: string;
}

const { config, persistTo, port, vars } = JSON.parse(process.argv[2] ?? '') as ServeOptions;
const mf = new Miniflare({
  ...snapshotOptions(config, persistTo, vars),
  host: '127.0.0.1',
  port,
  // What the Worker logs goes to this process's output, which test/e2e/worker.ts keeps for error reports.
  log: new Log(LogLevel.WARN),
  structuredWorkerdLogs: true,
  handleStructuredLogs: ({ level, message }: { level: string; message: string }) => {
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${message}\n`);
  },
});
process.once('SIGTERM', () => {
  void mf.dispose().finally(() => process.exit(0));
});
// The test process asks for a cron run over the IPC channel, as wrangler dev's --test-scheduled took it by URL.
process.on('message', (message: ScheduledAsk) => {
  void mf
    .getWorker()
    .then((worker) => worker.scheduled({ cron: message.scheduled }))
    .then(({ outcome }) => process.send?.({ scheduled: message.scheduled, outcome } satisfies ScheduledRun));
});
console.log(`ready ${(await mf.ready).origin}`);
