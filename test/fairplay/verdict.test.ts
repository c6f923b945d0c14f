import { describe, expect, it } from 'vitest';
import type { LogEntry, LogStep } from '../../src/engines/types.js';
import { evidenceOf, FAST_GAP_MS } from '../../src/fairplay/evidence.js';
import { judge } from '../../src/fairplay/verdict.js';
import { evenLog, humanLog } from '../support/logs.js';

/** 60 entries on 60 distinct cells. */
const steps: LogStep[] = Array.from({ length: 60 }, (_, i) => [i, 1]);
const serverMs = 300_000;

function verdictOf(log: LogEntry[], options: { countedMs?: number; floorMs?: number } = {}) {
  const evidence = evidenceOf({
    log,
    serverMs,
    countedMs: options.countedMs ?? serverMs,
    floorMs: options.floorMs ?? 30_000,
    eliteMs: 90_000,
  });
  return { evidence, verdict: judge(evidence) };
}

describe('the verdict on a log', () => {
  it('is clean for a person-paced log spread over a plausible time', () => {
    expect(verdictOf(humanLog(steps, { endMs: serverMs - 500 })).verdict).toEqual({ verdict: 'clean' });
  });

  it('flags a time under the human floor, whatever the log', () => {
    const log = humanLog(steps, { endMs: 19_000 });
    expect(verdictOf(log, { countedMs: 20_000 }).verdict).toEqual({
      verdict: 'flagged',
      reasons: ['under_floor'],
    });
  });

  it(`flags entries closer than ${FAST_GAP_MS} ms (three or more)`, () => {
    const log = humanLog(steps, { endMs: serverMs - 500 });
    for (const i of [10, 20, 30]) log[i] = [(log[i - 1] as LogEntry)[0] + 10, i, 1];
    const { evidence, verdict } = verdictOf(log);
    expect(evidence.fastGaps).toBe(3);
    expect(verdict).toMatchObject({ verdict: 'flagged', reasons: ['fast_entries'] });
  });

  it('lets one double-tap through', () => {
    const log = humanLog(steps, { endMs: serverMs - 500 });
    log[10] = [(log[9] as LogEntry)[0] + 10, 10, 1];
    expect(verdictOf(log).verdict).toEqual({ verdict: 'clean' });
  });

  it('does not count the cells of a drag stroke as fast entries', () => {
    const log = humanLog(steps, { endMs: serverMs - 500 });
    const start = (log[30] as LogEntry)[0] + 500;
    const stroke = Array.from({ length: 8 }, (_, k): LogEntry => [start + 16 * k, 100 + k, 1]);
    const withStroke = [...log, ...stroke].sort((a, b) => a[0] - b[0]);
    const evidence = evidenceOf({
      log: withStroke,
      serverMs,
      countedMs: serverMs,
      floorMs: 30_000,
      eliteMs: 90_000,
      continuesStroke: (a, b) => b[1] === a[1] + 1 && a[2] === b[2],
    });
    expect(evidence.fastGaps).toBe(0);
    expect(judge(evidence)).toEqual({ verdict: 'clean' });
  });

  it('flags most of the board pasted in a moment after a long wait (a burst)', () => {
    const log = evenLog(steps, serverMs - 3_000, 40).map(([t, a, b], i): LogEntry => [t + (i % 3) * 7, a, b]);
    const { evidence, verdict } = verdictOf(log);
    expect(evidence.burstMs).toBeLessThan(3_000);
    expect(verdict.verdict === 'flagged' && verdict.reasons).toContain('burst');
  });

  it('does not call a burst what a person does after leaving the puzzle open for an hour', () => {
    const log = humanLog(steps, { startMs: 3_300_000, endMs: 3_599_000 });
    const evidence = evidenceOf({
      log,
      serverMs: 3_600_000,
      countedMs: 3_600_000,
      floorMs: 30_000,
      eliteMs: 90_000,
    });
    expect(judge(evidence)).toEqual({ verdict: 'clean' });
  });

  it('flags gaps too even to be a person’s (a script sleeping between moves)', () => {
    const log = evenLog(steps, 1_000, 4_000);
    const { evidence, verdict } = verdictOf(log);
    expect(evidence.gapSpread).toBe(1);
    expect(verdict).toEqual({ verdict: 'flagged', reasons: ['regular_intervals'] });
  });

  it('flags a script whose sleeps vary by ±40 %', () => {
    let t = 1_000;
    const log = steps.map(([a, b], i): LogEntry => {
      t += 4_000 * (0.6 + 0.8 * (((i * 7919) % 100) / 100));
      return [Math.round(t), a, b];
    });
    expect(verdictOf(log).verdict).toMatchObject({ verdict: 'flagged', reasons: ['regular_intervals'] });
  });

  it('flags a log that starts before its session', () => {
    const log = humanLog(steps, { startMs: -60_000, endMs: serverMs - 500 });
    expect(verdictOf(log).verdict).toMatchObject({ verdict: 'flagged', reasons: ['log_before_session'] });
  });

  it('flags a log that ends after the submission arrived', () => {
    const log = humanLog(steps, { endMs: serverMs + 10_000 });
    expect(verdictOf(log).verdict).toMatchObject({ verdict: 'flagged', reasons: ['log_after_submission'] });
  });

  it('names every reason that applies', () => {
    const log = evenLog(steps, 0, 0);
    const { verdict } = verdictOf(log, { countedMs: 2_000 });
    expect(verdict).toEqual({ verdict: 'flagged', reasons: ['under_floor', 'fast_entries', 'burst'] });
  });
});
