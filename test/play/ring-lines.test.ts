import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/contract/kinds/index.js';
import { createDb } from '../../src/db/client.js';
import { coldEliteMs, eliteLineMs } from '../../src/fairplay/elite-line.js';
import { coldFloorMs, humanFloorMs } from '../../src/fairplay/human-floor.js';
import { descriptorOf, type Kind } from '../../src/kinds/index.js';
import { calibrateBenchmarks } from '../../src/play/calibrate-benchmarks.js';
import { bulkSolves } from '../support/bulk-solves.js';
import { honestTimes } from '../support/honest-times.js';
import { offline, stored } from '../support/paced.js';
import { later, type ResultJson, register, solveAs } from '../support/play.js';

/**
 * Fair play IV's ring: a few aged accounts among hundreds of honest players, every one of them with a long
 * clean history (a counted solve on each of 30 dates), solving at 1.2× the cold floor, with calibration
 * learning from them all. Before, ten among 410 took signal/easy's floor from 22 s to 7 s.
 */
const DATES = Array.from({ length: 30 }, (_, i) => `2026-11-${String(1 + i).padStart(2, '0')}`);
const JUDGED = '2026-12-01';

async function linesAfterRing(kind: Kind, level: Level, honest: number, ring: number) {
  const puzzle = await stored(JUDGED, kind, level, '2026-11-30T12:00:00Z');
  const { steps } = offline(kind, level, puzzle);
  const cold = { steps: steps.length, secondsPerStep: descriptorOf(kind).floorSecondsPerStep[level] ?? 0 };
  const ringSeconds = (1.2 * coldFloorMs(cold)) / 1000;
  for (const [d, date] of DATES.entries()) {
    const times = honestTimes(`${kind}-${date}`, honest, puzzle.benchmark_seconds);
    await bulkSolves(date, kind, level, puzzle.benchmark_seconds, [
      ...times.map((seconds, i) => ({ player: `honest-${kind}-${i}`, seconds })),
      ...Array.from({ length: ring }, (_, i) => ({
        player: `ring-${kind}-${i}`,
        seconds: ringSeconds + d / 100,
      })),
    ]);
  }
  await calibrateBenchmarks(createDb(env.DB), new Date('2026-11-30T23:30:00Z'), {
    firstDay: env.FIRST_DAY ?? '2026-01-01',
  });
  const row = await env.DB.prepare(
    'select seconds, floor_ratio, elite_ratio, record_ratio from benchmarks where kind = ? and level = ?',
  )
    .bind(kind, level)
    .first<{
      seconds: number;
      floor_ratio: number | null;
      elite_ratio: number | null;
      record_ratio: number | null;
    }>();
  if (!row) throw new Error('no benchmark');
  const input = { ...cold, benchmarkSeconds: row.seconds };
  const floorMs = humanFloorMs({
    ...input,
    learnedRatio: row.floor_ratio,
    setRatio: null,
    recordRatio: null,
  });
  const eliteMs = eliteLineMs({
    coldFloorMs: coldFloorMs(cold),
    floorMs,
    benchmarkSeconds: row.seconds,
    learnedRatio: row.elite_ratio,
    setRatio: null,
  });
  return { row, cold, floorMs, eliteMs, ringSeconds, puzzle };
}

describe('a ring of aged accounts among honest players', { timeout: 300_000 }, () => {
  it.each([
    ['signal', 'easy', 400, 10, '2.4 %'],
    ['sudoku', 'easy', 400, 20, '4.8 %'],
  ] as const)(
    'in %s/%s, %i honest and %i ring accounts (%s) leave both lines at or above their cold values',
    async (kind, level, honest, ring, _share) => {
      const { row, cold, floorMs, eliteMs, ringSeconds } = await linesAfterRing(kind, level, honest, ring);
      // The ring did reach the learnt percentiles: both learnt ratios sit under the cold lines…
      expect(row.floor_ratio).not.toBeNull();
      expect((row.floor_ratio ?? 1) * row.seconds * 1000).toBeLessThan(coldFloorMs(cold));
      expect((row.elite_ratio ?? 1) * row.seconds * 1000).toBeLessThan(
        coldEliteMs({ coldFloorMs: coldFloorMs(cold), benchmarkSeconds: row.seconds }),
      );
      // …and learning alone cannot take a line under them.
      expect(floorMs).toBeGreaterThanOrEqual(Math.round(coldFloorMs(cold)));
      expect(eliteMs).toBeGreaterThanOrEqual(
        Math.round(coldEliteMs({ coldFloorMs: coldFloorMs(cold), benchmarkSeconds: row.seconds })),
      );
      expect(ringSeconds * 1000).toBeLessThan(eliteMs);
    },
  );

  it('leaves a fresh account solving at 1.38× the cold floor unranked: flagged or held for review', async () => {
    const { cold } = await linesAfterRing('signal', 'medium', 400, 10);
    const fresh = await register(`${JUDGED}T00:00:00Z`);
    const fetchAt = '2026-11-30T12:00:00Z';
    const { body } = await solveAs(fresh.token, {
      date: JUDGED,
      kind: 'signal',
      level: 'medium',
      fetchAt,
      submitAt: later(fetchAt, (1.38 * coldFloorMs(cold)) / 1000),
    });
    const result = body as ResultJson;
    expect(result.verdict).not.toBe('clean');
    expect(result.rank).toBeUndefined();
  });
});
