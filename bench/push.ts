/**
 * The reminder cron against a local push service: 1,000 subscriptions due at once, the Worker in workerd
 * (a snapshot of the current sources served through Miniflare, support/wrangler.ts) pushing over HTTPS on
 * loopback to the test suite's push service in this process (test/support/push-service.ts), which verifies
 * each VAPID header and decrypts each body, as a browser's push service would. Figures are wall time of
 * the scheduled runs until none is due (REMINDERS_PER_RUN per run), the push service's work included: both
 * share this machine's cores. Baseline of the same run: a scheduled run with nothing due (the run's fixed
 * cost). Each round is a new day of the test clock, so the same 1,000 are due again.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEV_SECRETS, DEV_VAPID } from '../src/config.js';
import type { PushSubscriptionJson } from '../src/contract/push.js';
import { REMINDER_CRON, REMINDERS_PER_RUN } from '../src/play/reminders.js';
import {
  createPushService,
  type Received,
  selfSignedTls,
  startPushServer,
} from '../test/support/push-service.js';
import { median, ms, table } from './support/stats.js';
import {
  applyMigrations,
  ROOT,
  removeDir,
  runWrangler,
  serveWorker,
  snapshotWorker,
  tempDir,
} from './support/wrangler.js';

const SUBSCRIPTIONS = 1_000;
const ROUNDS = 3;
/** The hour everyone subscribed at (UTC: the bench players have no time zone), on the first round's date. */
const FIRST_DUE = '2026-12-02T12:00:00.000Z';

const day = (round: number) => new Date(Date.parse(FIRST_DUE) + round * 86_400_000).toISOString();

export async function run(): Promise<void> {
  const dir = tempDir('bench-push');
  const tls = selfSignedTls();
  const service = createPushService();
  const pushServer = await startPushServer(service, tls);
  try {
    const config = await snapshotWorker(path.join(ROOT, 'wrangler.toml'), dir);
    const persist = path.join(dir, 'state');
    await applyMigrations(config, 'DB', persist);
    const control = async <T>(route: string, body: unknown): Promise<T> =>
      (await (
        await service.handle(
          new Request(`${pushServer.origin}${route}`, { method: 'POST', body: JSON.stringify(body) }),
        )
      ).json()) as T;
    const browsers = await Promise.all(
      Array.from({ length: SUBSCRIPTIONS }, () =>
        control<{ id: string; subscription: PushSubscriptionJson }>('/subscribe', {
          applicationServerKey: DEV_VAPID.publicKey,
        }),
      ),
    );
    const rows = browsers.map((b, i) => {
      const id = `bench-${String(i).padStart(5, '0')}`;
      const { endpoint, keys } = b.subscription;
      return `insert into players (id, created_at) values ('${id}', '${FIRST_DUE}');
insert into push_subscriptions (endpoint, player_id, token_id, p256dh, auth, hour, created_at, next_due_at)
values ('${endpoint}', '${id}', 'device', '${keys.p256dh}', '${keys.auth}', 12, '${FIRST_DUE}', ${Date.parse(FIRST_DUE)});`;
    });
    const seed = path.join(dir, 'seed.sql');
    writeFileSync(seed, rows.join('\n'));
    await runWrangler([
      'd1',
      'execute',
      'DB',
      '--local',
      '-c',
      config,
      '--persist-to',
      persist,
      '--file',
      seed,
    ]);

    const worker = await serveWorker(config, persist, {
      outboundService: {
        network: { allow: ['private'], tlsOptions: { trustedCertificates: [tls.cert] } },
      },
    });
    const setClock = async (now: string) => {
      const res = await fetch(`${worker.url}/v1/admin/clock`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ now }),
      });
      if (!res.ok) throw new Error(`clock: ${res.status} ${await res.text()}`);
    };
    const timed = async () => {
      const start = performance.now();
      await worker.scheduled(REMINDER_CRON);
      return performance.now() - start;
    };
    try {
      const empty: number[] = [];
      const full: { ms: number; runs: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await setClock(new Date(Date.parse(day(round)) - 30 * 60_000).toISOString());
        empty.push(await timed());
        await setClock(day(round));
        const before = await delivered(service, pushServer.origin, browsers);
        let total = 0;
        let runs = 0;
        for (;;) {
          total += await timed();
          runs++;
          const now = await delivered(service, pushServer.origin, browsers);
          if (now - before >= SUBSCRIPTIONS || runs > SUBSCRIPTIONS / REMINDERS_PER_RUN + 1) break;
        }
        const sent = (await delivered(service, pushServer.origin, browsers)) - before;
        if (sent !== SUBSCRIPTIONS) throw new Error(`round ${round}: ${sent} of ${SUBSCRIPTIONS} delivered`);
        full.push({ ms: total, runs });
      }
      const perThousand = median(full.map((f) => f.ms)) * (1000 / SUBSCRIPTIONS);
      console.log(
        table(
          ['run', 'median ms', 'per push ms', 'runs', 'rounds'],
          [
            ['nothing due (baseline)', ms(median(empty)), '–', '1', String(ROUNDS)],
            [
              `${SUBSCRIPTIONS.toLocaleString('en')} due, until none is`,
              ms(median(full.map((f) => f.ms))),
              ms(perThousand / 1000),
              String(full[0]?.runs ?? 0),
              String(ROUNDS),
            ],
          ],
        ),
      );
      console.log(
        `\nPer 1,000 subscriptions: ${ms(perThousand)} ms (every push verified and decrypted by the push service)`,
      );
    } finally {
      await worker.stop();
    }
  } finally {
    await pushServer.stop();
    removeDir(dir);
    removeDir(tls.dir);
  }
}

/** Pushes the push service accepted (verified and decrypted), over every bench browser. */
async function delivered(
  service: ReturnType<typeof createPushService>,
  origin: string,
  browsers: readonly { id: string }[],
): Promise<number> {
  let total = 0;
  for (const b of browsers) {
    const res = await service.handle(new Request(`${origin}/received/${b.id}`));
    total += ((await res.json()) as Received).accepted.length;
  }
  return total;
}
