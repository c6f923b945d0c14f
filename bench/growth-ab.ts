/**
 * `npm run bench:ab -- <base checkout> [rounds]`: the first ranked submission of a new player at 365 days
 * and 1M submissions, in this checkout against another one (an earlier commit, checked out with its own
 * `npm ci`), measured side by side in one run. Each side's growth worker (bench/support/growth-worker.ts)
 * serves a database of its own, seeded the same way; the rounds alternate which side is measured first.
 * Each side times all of its growth operations, as `npm run bench -- growth` does, so that the submission
 * runs after the same kind of work on both. A shared machine's noise moves both sides of a round alike,
 * so the paired (same-round) ratio is the figure to read. Baseline of the same run: each side's
 * `select 1` through D1.
 */
import path from 'node:path';
import { median, table } from './support/stats.js';
import { ROOT } from './support/wrangler.js';

const DAYS = 365;
const SIZE = 1_000_000;
const SEED_CHUNK = 100_000;
/** Batches of five calls per `/measure`, as bench/growth.ts times them. */
const BATCHES = 20;
const FIRST_SUBMISSION = ['POST first ranked submission, new player', 'POST submission (check'];
const BASELINE = 'baseline: `select 1`';

interface Op {
  name: string;
  medianMs: number;
  trips: number;
  failures: string[];
}

interface Side {
  label: string;
  url: string;
  stop: () => Promise<void>;
  fresh: number;
  submission: number[];
  baseline: number[];
  trips: number;
}

/**
 * POSTs to a bench worker, retrying twice after a dropped connection (as bench/growth.ts does): seeding and
 * preparing are idempotent, and a retried measurement takes new players.
 */
async function post<T>(url: string, body: Record<string, unknown>, attempt = 0): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  } catch (error) {
    if (attempt >= 2) throw error;
    console.error(`retrying ${url} after ${String(error)}`);
    const again = typeof body.fresh === 'number' ? { ...body, fresh: body.fresh + 100_000 } : body;
    return post(url, again, attempt + 1);
  }
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Serves a checkout's growth worker with its own seeded database, through that checkout's own wrangler. */
async function serve(label: string, root: string, hot: string): Promise<Side> {
  const wrangler = (await import(
    path.join(root, 'bench/support/wrangler.ts')
  )) as typeof import('./support/wrangler.js');
  const config = await wrangler.snapshotWorker(
    path.join(root, 'bench/support/growth.wrangler.toml'),
    wrangler.tempDir(`ab-${label}`),
  );
  const state = wrangler.tempDir(`ab-${label}-state`);
  await wrangler.applyMigrations(config, 'DB365', state);
  const server = await wrangler.serveWorker(config, state);
  await post(`${server.url}/prepare`, { db: 'DB365', days: DAYS, hot });
  for (let from = 0; from < SIZE; from += SEED_CHUNK) {
    await post(`${server.url}/seed`, { db: 'DB365', from, to: Math.min(SIZE, from + SEED_CHUNK) });
  }
  // Older checkouts have no /settle (their ratings needed none).
  await fetch(`${server.url}/settle`, { method: 'POST', body: JSON.stringify({ db: 'DB365' }) });
  return { label, url: server.url, stop: server.stop, fresh: 0, submission: [], baseline: [], trips: 0 };
}

async function measureOnce(side: Side): Promise<void> {
  const { results } = await post<{ results: Op[] }>(`${side.url}/measure`, {
    db: 'DB365',
    batches: BATCHES,
    fresh: side.fresh,
  });
  // Every call takes new players: none may repeat a measured one.
  side.fresh += BATCHES * 5 + 1_000;
  const op = results.find((r) => FIRST_SUBMISSION.some((name) => r.name.startsWith(name)));
  const baseline = results.find((r) => r.name.startsWith(BASELINE));
  if (!op || !baseline || op.failures.length > 0) {
    throw new Error(`${side.label}: no clean first-submission figure: ${JSON.stringify(op)}`);
  }
  side.submission.push(op.medianMs);
  side.baseline.push(baseline.medianMs);
  side.trips = op.trips;
}

function usage(message: string): never {
  console.error(`error: ${message}; usage: npm run bench:ab -- <base checkout> [rounds]`);
  process.exit(2);
}

async function main(): Promise<void> {
  const [baseArg, roundsArg = '12', ...rest] = process.argv.slice(2);
  if (!baseArg || rest.length > 0) usage('name one base checkout');
  const rounds = Number(roundsArg);
  if (!Number.isInteger(rounds) || rounds < 2)
    usage(`rounds must be a whole number of at least 2, not ${roundsArg}`);
  const hot = new Date().toISOString().slice(0, 10);
  const base = await serve('base', path.resolve(baseArg), hot);
  const head = await serve('head', ROOT, hot);
  try {
    for (let r = 0; r < rounds; r++) {
      for (const side of r % 2 === 0 ? [base, head] : [head, base]) await measureOnce(side);
      console.error(`round ${r + 1}/${rounds}: base ${base.submission[r]} ms, head ${head.submission[r]} ms`);
    }
  } finally {
    await base.stop();
    await head.stop();
  }
  const paired = head.submission.map((ms, i) => ms / (base.submission[i] ?? Number.NaN));
  const row = (side: Side) => [
    side.label,
    `${median(side.submission).toFixed(2)} ms`,
    String(side.trips),
    `${median(side.baseline).toFixed(2)} ms`,
  ];
  console.log(
    `\nFirst ranked submission of a new player, ${DAYS} days · ${SIZE.toLocaleString('en')} submissions, ` +
      `${rounds} rounds of ${BATCHES * 5} submissions per side (base: ${path.resolve(baseArg)}):\n`,
  );
  console.log(
    table(
      ['side', 'median of round medians', 'D1 round trips', 'baseline `select 1`'],
      [row(base), row(head)],
    ),
  );
  console.log(
    `\nhead / base: ${(median(head.submission) / median(base.submission)).toFixed(3)} (ratio of medians), ` +
      `${median(paired).toFixed(3)} (median of the paired ratios)`,
  );
}

await main();
