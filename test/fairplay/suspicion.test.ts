import { describe, expect, it } from 'vitest';
import {
  EARLY_ELITE_GAMES,
  EARLY_ELITE_KINDS_TO_LIST,
  FLOOR_HUG_PERCENT,
  FLOOR_HUGS_TO_LIST,
  paceSignals,
  SUSPECT_WINDOW_MS,
  suspicionOf,
} from '../../src/fairplay/suspicion.js';

const solve = {
  countedMs: 100_000,
  floorMs: 50_000,
  eliteMs: 80_000,
  recordMs: null,
  vouched: false,
  gamesBefore: 20,
  ramp: false,
};
const hug = { kind: 'sudoku', hugsFloor: true, earlyElite: false, ramp: false } as const;

describe('pace signals of one solve', () => {
  it('hugs the floor at exactly 115 % of it, not just above', () => {
    expect(FLOOR_HUG_PERCENT).toBe(115);
    expect(paceSignals({ ...solve, countedMs: 57_500 }).hugsFloor).toBe(true);
    expect(paceSignals({ ...solve, countedMs: 57_501 }).hugsFloor).toBe(false);
  });

  it('hugs the floor from under it too', () => {
    expect(paceSignals({ ...solve, countedMs: 10_000 }).hugsFloor).toBe(true);
  });

  it('hugs the floor faster than the record pace, far above the floor, unless a moderator vouched for the player', () => {
    expect(paceSignals({ ...solve, countedMs: 89_999, recordMs: 90_000 }).hugsFloor).toBe(true);
    expect(paceSignals({ ...solve, countedMs: 90_000, recordMs: 90_000 }).hugsFloor).toBe(false);
    expect(paceSignals({ ...solve, countedMs: 89_999, recordMs: 90_000, vouched: true }).hugsFloor).toBe(
      false,
    );
  });

  it('carries the ramp it is given', () => {
    expect(paceSignals({ ...solve, ramp: true }).ramp).toBe(true);
  });

  it(`is early elite under the elite line with ${EARLY_ELITE_GAMES - 1} solves of the kind before, not with ${EARLY_ELITE_GAMES}`, () => {
    expect(paceSignals({ ...solve, countedMs: 79_999, gamesBefore: EARLY_ELITE_GAMES - 1 }).earlyElite).toBe(
      true,
    );
    expect(paceSignals({ ...solve, countedMs: 79_999, gamesBefore: EARLY_ELITE_GAMES }).earlyElite).toBe(
      false,
    );
  });

  it('is not elite at the elite line itself', () => {
    expect(paceSignals({ ...solve, countedMs: 80_000, gamesBefore: 0 }).earlyElite).toBe(false);
  });
});

describe('the suspects list', () => {
  it(`lists a player with ${FLOOR_HUGS_TO_LIST} floor-hugging solves, not ${FLOOR_HUGS_TO_LIST - 1}`, () => {
    expect(suspicionOf(Array.from({ length: FLOOR_HUGS_TO_LIST }, () => hug)).listed).toBe(true);
    expect(suspicionOf(Array.from({ length: FLOOR_HUGS_TO_LIST - 1 }, () => hug)).listed).toBe(false);
  });

  it(`lists a player early elite in ${EARLY_ELITE_KINDS_TO_LIST} kinds, not in one kind however often`, () => {
    const early = (kind: string) => ({ kind, hugsFloor: false, earlyElite: true, ramp: false });
    expect(suspicionOf([early('sudoku'), early('loop')])).toEqual({
      listed: true,
      floorHugs: 0,
      earlyEliteKinds: ['loop', 'sudoku'],
      ramps: 0,
    });
    expect(suspicionOf([early('sudoku'), early('sudoku'), early('sudoku')]).listed).toBe(false);
  });

  it('counts only early elite solves towards the kinds: floor hugs in two kinds list no early elite kind', () => {
    expect(
      suspicionOf([
        { kind: 'sudoku', hugsFloor: true, earlyElite: false, ramp: false },
        { kind: 'loop', hugsFloor: true, earlyElite: false, ramp: false },
      ]),
    ).toEqual({ listed: false, floorHugs: 2, earlyEliteKinds: [], ramps: 0 });
  });

  it('lists a player on one ramp', () => {
    expect(suspicionOf([{ kind: 'signal', hugsFloor: false, earlyElite: false, ramp: true }])).toEqual({
      listed: true,
      floorHugs: 0,
      earlyEliteKinds: [],
      ramps: 1,
    });
  });

  it('counts signals over a window of 30 days', () => {
    expect(SUSPECT_WINDOW_MS).toBe(30 * 24 * 3_600_000);
  });
});
