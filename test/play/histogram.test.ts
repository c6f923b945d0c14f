import { describe, expect, it } from 'vitest';
import { HISTOGRAM_BUCKETS, histogramEdges } from '../../src/play/histogram.js';
import { clientAt } from '../support/client.js';
import { type ResultJson, register, solveAs } from '../support/play.js';

describe('the time histogram', () => {
  it('grows its buckets by √2 from a sixteenth of the benchmark to twice it, in whole seconds', () => {
    expect(histogramEdges(300)).toEqual([
      19_000, 27_000, 38_000, 53_000, 75_000, 106_000, 150_000, 212_000, 300_000, 424_000, 600_000,
    ]);
    expect(HISTOGRAM_BUCKETS).toBe(12);
  });

  it('keeps short edges in milliseconds and strictly increasing, for a benchmark of a second', () => {
    expect(histogramEdges(1)).toEqual([63, 88, 125, 177, 250, 354, 500, 707, 1000, 1414, 2000]);
    const tiny = histogramEdges(0.001);
    for (let i = 1; i < tiny.length; i++) expect(tiny[i]).toBeGreaterThan(tiny[i - 1] as number);
  });

  it('puts a time on an edge in the bucket that edge opens, and one 1 ms below it in the bucket before', async () => {
    const date = '2026-11-28';
    const at = '2026-11-28T20:00:00Z';
    const { benchmarkSeconds } = await clientAt(at).stats(date, 'sudoku', 'hard');
    const edges = histogramEdges(benchmarkSeconds);
    const atBenchmark = 8;
    expect(edges[atBenchmark]).toBe(benchmarkSeconds * 1000);
    const marked: number[] = [];
    for (const [i, countedMs] of [
      (edges[atBenchmark] as number) - 1,
      edges[atBenchmark] as number,
    ].entries()) {
      const { token } = await register('2026-11-28T08:00:00Z');
      const submitAt = new Date(Date.parse('2026-11-28T18:00:00Z') + i * 1000);
      const fetchAt = new Date(submitAt.getTime() - countedMs).toISOString();
      const { status, body } = await solveAs(token, {
        date,
        kind: 'sudoku',
        level: 'hard',
        fetchAt,
        submitAt: submitAt.toISOString(),
      });
      expect(status).toBe(200);
      expect((body as ResultJson).countedMs).toBe(countedMs);
      const mine = await clientAt(at, { token }).stats(date, 'sudoku', 'hard');
      marked.push(mine.histogram.findIndex((b) => b.mine));
    }
    expect(marked).toEqual([atBenchmark, atBenchmark + 1]);
    const { histogram } = await clientAt(at).stats(date, 'sudoku', 'hard');
    expect([histogram[atBenchmark]?.count, histogram[atBenchmark + 1]?.count]).toEqual([1, 1]);
  });

  it("separates solvers at 20 %, 30 %, 40 %, 60 % and 90 % of the benchmark and marks the caller's bucket", async () => {
    const date = '2026-11-29';
    const at = '2026-11-29T16:00:00Z';
    const { benchmarkSeconds } = await clientAt(at).stats(date, 'sudoku', 'medium');
    const tokens: string[] = [];
    for (const [i, share] of [0.2, 0.3, 0.4, 0.6, 0.9].entries()) {
      const { token } = await register('2026-11-29T08:00:00Z');
      const submitAt = new Date(Date.parse('2026-11-29T14:00:00Z') + i * 1000).toISOString();
      const fetchAt = new Date(
        Date.parse(submitAt) - Math.round(benchmarkSeconds * share) * 1000,
      ).toISOString();
      const { status, body } = await solveAs(token, {
        date,
        kind: 'sudoku',
        level: 'medium',
        fetchAt,
        submitAt,
      });
      expect(status).toBe(200);
      expect((body as ResultJson).verdict).toBe('clean');
      tokens.push(token);
    }
    const stats = await clientAt(at, { token: tokens[2] ?? '' }).stats(date, 'sudoku', 'medium');
    expect(stats.histogram).toHaveLength(HISTOGRAM_BUCKETS);
    const filled = stats.histogram.flatMap((b, i) => (b.count > 0 ? [i] : []));
    expect(filled).toEqual([4, 5, 6, 7, 8]);
    expect(stats.histogram.map((b) => b.count).reduce((a, b) => a + b)).toBe(5);
    expect(stats.histogram.flatMap((b, i) => (b.mine ? [i] : []))).toEqual([6]);
    const anonymous = await clientAt(at).stats(date, 'sudoku', 'medium');
    expect(anonymous.histogram.some((b) => b.mine)).toBe(false);
  });

  it('chains its buckets from 0 to an open end', async () => {
    const stats = await clientAt('2026-11-29T16:00:00Z').stats('2026-11-29', 'loop', 'easy');
    expect(stats.histogram[0]?.fromMs).toBe(0);
    for (let i = 1; i < stats.histogram.length; i++) {
      expect(stats.histogram[i]?.fromMs).toBe(stats.histogram[i - 1]?.toMs);
    }
    expect(stats.histogram.at(-1)?.toMs).toBeNull();
  });
});
