import { describe, expect, it } from 'vitest';
import { evidenceOf } from '../../src/fairplay/evidence.js';
import { revealsMatch } from '../../src/fairplay/reveal-match.js';
import { judge } from '../../src/fairplay/verdict.js';
import { humanLog } from '../support/logs.js';

const hidden = [0, 1, 4, 5, 8, 9];

describe('a solve held to its session’s reveals', () => {
  it('matches when the session was shown exactly the units the moves expose, in any order', () => {
    expect(revealsMatch(hidden, [9, 8, 5, 4, 1, 0])).toBe(true);
  });

  it('does not match when one unit the moves expose was never shown', () => {
    expect(revealsMatch(hidden, [0, 1, 4, 5, 8])).toBe(false);
  });

  it('does not match when nothing was shown at all', () => {
    expect(revealsMatch(hidden, [])).toBe(false);
  });

  it('does not match when the session was shown a unit the moves never expose', () => {
    expect(revealsMatch([0, 1], [0, 1, 4])).toBe(false);
  });

  it('matches a line that exposes nothing after a session that was shown nothing', () => {
    expect(revealsMatch([], [])).toBe(true);
  });
});

describe('the verdict on a mismatch', () => {
  const steps = Array.from({ length: 30 }, (_, i): [number, number] => [i % 7, (i + 1) % 7]);
  const evidence = evidenceOf({
    log: humanLog(steps, { endMs: 200_000 }),
    serverMs: 200_500,
    countedMs: 200_500,
    floorMs: 15_000,
    eliteMs: 45_000,
  });

  it('flags an otherwise clean solve with reveal_mismatch alone', () => {
    expect(judge(evidence, false)).toEqual({ verdict: 'flagged', reasons: ['reveal_mismatch'] });
  });

  it('leaves the same solve clean when its reveals match', () => {
    expect(judge(evidence, true)).toEqual({ verdict: 'clean' });
  });
});
