/**
 * The day's generation budget: CPU time of making every puzzle of a date (every kind × level, exactly what
 * cron and lazy generation run: `makePuzzleRow` with the date's secret seeds) in one Node process, for
 * several dates. Node runs the same V8 as workerd, so the CPU figures carry over to a scheduled Worker.
 * Baseline of the same run: a fixed pure-JS reference loop, to tell a slow machine from a slow engine.
 * Targets: ≤ 2 s for a whole day, no single puzzle over 1 s.
 */
import { DEV_SECRETS } from '../src/config.js';
import type { IsoDate } from '../src/daily/calendar.js';
import { addDays } from '../src/daily/calendar.js';
import { makePuzzleRow } from '../src/daily/make-puzzle.js';
import { puzzlesOfDate } from '../src/daily/schedule.js';
import { dailySeed } from '../src/daily/seed.js';
import { defaultBenchmark } from '../src/kinds/index.js';
import { median, ms, table } from './support/stats.js';

const FIRST_DATE = '2026-12-01' as IsoDate;
const DATES = 14;
const DAY_TARGET_MS = 2000;
const PUZZLE_TARGET_MS = 1000;

/** CPU milliseconds (user + system) of the whole process: what the Workers CPU limit counts, not waiting. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A fixed amount of integer work (xorshift32), the same in every run: this machine's speed right now. */
function referenceLoop(): number {
  let x = 2463534242;
  for (let i = 0; i < 50_000_000; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  return x;
}

function timeReference(): number {
  const t0 = cpuMs();
  if (referenceLoop() === 0) throw new Error('unreachable');
  return cpuMs() - t0;
}

interface PuzzleTime {
  date: IsoDate;
  key: string;
  cpuMs: number;
  wallMs: number;
  error?: string;
}

async function generateDay(date: IsoDate): Promise<PuzzleTime[]> {
  const out: PuzzleTime[] = [];
  for (const key of puzzlesOfDate(date)) {
    const seed = await dailySeed(DEV_SECRETS.PUZZLE_SALT, date, key.kind, key.level);
    const base = defaultBenchmark(key.kind, key.level);
    const c0 = cpuMs();
    const w0 = performance.now();
    let error: string | undefined;
    try {
      makePuzzleRow(key, seed, base);
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 120) : String(e);
    }
    out.push({
      date,
      key: `${key.kind}:${key.level}`,
      cpuMs: cpuMs() - c0,
      wallMs: performance.now() - w0,
      ...(error ? { error } : {}),
    });
  }
  return out;
}

export async function run(): Promise<void> {
  const dates = Array.from({ length: DATES }, (_, i) => addDays(FIRST_DATE, i));
  const warm = await generateDay(addDays(FIRST_DATE, -1));
  const references: number[] = [timeReference()];
  const days: PuzzleTime[][] = [];
  for (const date of dates) {
    days.push(await generateDay(date));
    references.push(timeReference());
  }
  const reference = median(references);
  const all = days.flat();
  const dayCpu = days.map((d) => d.reduce((s, p) => s + p.cpuMs, 0));
  const dayWall = days.map((d) => d.reduce((s, p) => s + p.wallMs, 0));
  const worst = all.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
  const failures = all.filter((p) => p.error);

  console.log(
    `Node ${process.version}; ${warm.length} puzzles a day; ${DATES} dates from ${FIRST_DATE} (after one ` +
      `warm-up date); seeds from the dev salt.\n`,
  );
  console.log('### Whole day\n');
  console.log(
    table(
      ['figure', 'value', 'target', 'in reference loops'],
      [
        [
          'median day, CPU ms',
          ms(median(dayCpu)),
          `≤ ${DAY_TARGET_MS}`,
          (median(dayCpu) / reference).toFixed(1),
        ],
        ['slowest day, CPU ms', ms(Math.max(...dayCpu)), `≤ ${DAY_TARGET_MS}`, ''],
        ['median day, wall ms', ms(median(dayWall)), '', ''],
        [
          `worst single puzzle, CPU ms (${worst.key} on ${worst.date})`,
          ms(worst.cpuMs),
          `≤ ${PUZZLE_TARGET_MS}`,
          (worst.cpuMs / reference).toFixed(2),
        ],
        ['baseline: reference loop (5·10⁷ xorshift steps), CPU ms, median', ms(reference), '', '1.0'],
        ['puzzles that failed to generate', String(failures.length), '0', ''],
      ],
    ),
  );

  console.log('\n### Per kind and level (CPU ms over the dates)\n');
  const keys = [...new Set(all.map((p) => p.key))];
  const rows = keys.map((key) => {
    const times = all.filter((p) => p.key === key);
    const cpu = times.map((p) => p.cpuMs);
    const failed = times.filter((p) => p.error).length;
    const max = Math.max(...cpu);
    const verdict = failed > 0 ? `${failed} failed` : max > PUZZLE_TARGET_MS ? 'over 1 s' : 'ok';
    return [key, ms(median(cpu)), ms(max), verdict];
  });
  console.log(table(['kind:level', 'median', 'max', 'status'], rows));
  for (const f of failures.slice(0, 10)) console.log(`\n- ${f.date} ${f.key}: ${f.error}`);
  console.log('');
}
