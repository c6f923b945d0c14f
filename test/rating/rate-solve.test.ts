import { describe, expect, it } from 'vitest';
import { newRating, type Rating } from '../../src/rating/glicko2.js';
import { PLAY_DAY_GAP_MS } from '../../src/rating/play-days.js';
import { rateSolve, type SolveContext } from '../../src/rating/rate-solve.js';
import {
  PUZZLE_ESTABLISHED_GAMES,
  puzzleWeight,
  SETTLED_MOVE_BUDGET,
  settledMoveCap,
} from '../../src/rating/standing.js';
import { applyPuzzleGames, playerAfter, puzzleAfter } from '../../src/rating/weighted-games.js';

const day = (n: number) =>
  new Date(Date.parse('2026-11-01T10:00:00.000Z') + n * PLAY_DAY_GAP_MS).toISOString();
const player: Rating = { rating: 1600, deviation: 100, volatility: 0.06 };

/** An established player (10 games, 3 days of play, RD 100) against an established puzzle (10 games). */
const context: SolveContext = {
  score: 0.6,
  pace: 0.9,
  player,
  playerGames: 10,
  pendingPlayerGames: [],
  playDays: [day(0), day(1), day(2)],
  at: day(3),
  puzzle: newRating(),
  puzzleEstablishedGames: 10,
  pendingPuzzleGames: [],
};
const pendingPlayer = [
  { score: 0.7, opponent: { rating: 1500, deviation: 45 }, playerWeight: 1 },
  { score: 0.3, opponent: { rating: 1650, deviation: 90 }, playerWeight: 0.5 },
];
const weighted = { score: 0.8, solver: { rating: 1700, deviation: 60 }, puzzleWeight: 1 };
const unweighted = { score: 0.2, solver: { rating: 1400, deviation: 300 }, puzzleWeight: 0 };

describe('rating one solve', () => {
  it('applies the pending player games in order first and reports the rating after each', () => {
    const rated = rateSolve({ ...context, pendingPlayerGames: pendingPlayer });
    const first = playerAfter(player, pendingPlayer[0]!);
    const second = playerAfter(first, pendingPlayer[1]!);
    expect(rated.pendingPlayerAfter).toEqual([first, second]);
    expect(rated.playerBefore).toEqual(second);
  });

  it('plays the game against the puzzle with its pending games applied, the player at the provisional puzzle’s weight and the puzzle at the RD-100 solver’s 0.9', () => {
    // Not yet settled (7 established games with the pending one): the budget does not bound the game.
    const rated = rateSolve({ ...context, puzzleEstablishedGames: 6, pendingPuzzleGames: [weighted] });
    const puzzleBefore = applyPuzzleGames(newRating(), [weighted]);
    expect(rated.puzzleBefore).toEqual(puzzleBefore);
    expect(rated.playerWeight).toBe(0.5);
    expect(rated.puzzleWeight).toBeCloseTo(0.9, 12);
    expect(rated.playerAfter).toEqual(
      playerAfter(player, { score: 0.6, opponent: puzzleBefore, playerWeight: 0.5 }),
    );
    expect(rated.puzzleAfter).toEqual(
      puzzleAfter(puzzleBefore, { score: 0.6, solver: player, puzzleWeight: rated.puzzleWeight }),
    );
    expect(rated.puzzleEstablishedBefore).toBe(7);
    expect(rated.puzzleEstablishedAfter).toBe(8);
  });

  it('weighs the puzzle by the solver’s deviation after its pending games', () => {
    const rated = rateSolve({ ...context, puzzleEstablishedGames: 6, pendingPlayerGames: pendingPlayer });
    expect(rated.puzzleWeight).toBe(puzzleWeight(true, rated.playerBefore.deviation));
    expect(rated.puzzleWeight).not.toBe(puzzleWeight(true, player.deviation));
  });

  it('counts the pending games towards the five that establish a player: 3 stored and 2 pending are enough', () => {
    const rated = rateSolve({ ...context, playerGames: 3, pendingPlayerGames: pendingPlayer });
    expect(rated.establishedBefore).toBe(true);
    expect(rated.puzzleWeight).toBeGreaterThan(0);
  });

  it('leaves the puzzle alone for a solver with 3 stored games and 1 pending, and counts no established game', () => {
    const rated = rateSolve({ ...context, playerGames: 3, pendingPlayerGames: pendingPlayer.slice(0, 1) });
    expect(rated.establishedBefore).toBe(false);
    expect(rated.puzzleWeight).toBe(0);
    expect(rated.puzzleAfter).toEqual(rated.puzzleBefore);
    expect(rated.puzzleEstablishedAfter).toBe(rated.puzzleEstablishedBefore);
  });

  it('counts only the pending puzzle games of established solvers: 7 and one such game make the puzzle established', () => {
    const seven = { ...context, puzzleEstablishedGames: 7 };
    const withWeighted = rateSolve({ ...seven, pendingPuzzleGames: [unweighted, weighted] });
    expect(withWeighted.puzzleEstablishedBefore).toBe(8);
    expect(withWeighted.playerWeight).toBe(1);
    const withoutWeighted = rateSolve({ ...seven, pendingPuzzleGames: [unweighted] });
    expect(withoutWeighted.puzzleEstablishedBefore).toBe(7);
    expect(withoutWeighted.playerWeight).toBe(0.5);
  });

  it('establishes the player after the game that is its fifth on a third day of play', () => {
    const rated = rateSolve({ ...context, playerGames: 4, playDays: [day(0), day(1)], at: day(2) });
    expect(rated.establishedBefore).toBe(false);
    expect(rated.establishedAfter).toBe(true);
  });

  it('does not establish the player when the fifth game comes 1 ms before a third day of play begins', () => {
    const at = new Date(Date.parse(day(2)) - 1).toISOString();
    const rated = rateSolve({ ...context, playerGames: 4, playDays: [day(0), day(1)], at });
    expect(rated.establishedAfter).toBe(false);
  });

  it('does not establish the player after its fourth game, even on a third day of play', () => {
    const rated = rateSolve({ ...context, playerGames: 3, playDays: [day(0), day(1)], at: day(2) });
    expect(rated.establishedAfter).toBe(false);
  });

  it('judges the standing after the game by the deviation after it', () => {
    const unsure: Rating = { rating: 1600, deviation: 240, volatility: 0.06 };
    const rated = rateSolve({
      ...context,
      player: unsure,
      pendingPlayerGames: [],
      puzzle: { rating: 1500, deviation: 45, volatility: 0.06 },
    });
    expect(rated.establishedBefore).toBe(false);
    expect(rated.playerAfter.deviation).toBeLessThan(230);
    expect(rated.establishedAfter).toBe(true);
  });

  it('leaves the puzzle untouched for a pace outside ×0.2–×5 of the benchmark, and still rates the player', () => {
    for (const pace of [0.199, 5.01]) {
      const rated = rateSolve({ ...context, puzzleEstablishedGames: 3, pace });
      expect(rated.puzzleWeight).toBe(0);
      expect(rated.puzzleAfter).toEqual(rated.puzzleBefore);
      expect(rated.playerAfter).not.toEqual(rated.playerBefore);
    }
    expect(rateSolve({ ...context, puzzleEstablishedGames: 3, pace: 0.2 }).puzzleWeight).toBeGreaterThan(0);
    expect(rateSolve({ ...context, puzzleEstablishedGames: 3, pace: 5 }).puzzleWeight).toBeGreaterThan(0);
  });

  it(`moves a settled puzzle by at most ${SETTLED_MOVE_BUDGET} points in all, however many solvers lose to it`, () => {
    let puzzle = newRating();
    let established = 0;
    let settled: Rating | null = null;
    for (let i = 0; i < 200; i++) {
      const rated = rateSolve({
        ...context,
        score: 0.1,
        pace: 3,
        puzzle,
        puzzleEstablishedGames: established,
      });
      puzzle = rated.puzzleAfter;
      established = rated.puzzleEstablishedAfter;
      if (established === PUZZLE_ESTABLISHED_GAMES) settled = puzzle;
    }
    if (!settled) throw new Error('never settled');
    expect(puzzle.rating - settled.rating).toBeGreaterThan(0);
    expect(puzzle.rating - settled.rating).toBeLessThanOrEqual(SETTLED_MOVE_BUDGET + 1e-9);
  });

  it('caps one game on a settled puzzle at its share of the budget, frozen in the stored weight', () => {
    const rated = rateSolve({ ...context, score: 0.05, pace: 4, puzzleEstablishedGames: 10 });
    const cap = settledMoveCap(10);
    expect(Math.abs(rated.puzzleAfter.rating - rated.puzzleBefore.rating)).toBeCloseTo(cap, 9);
    const replayed = puzzleAfter(rated.puzzleBefore, {
      score: 0.05,
      solver: rated.playerBefore,
      puzzleWeight: rated.puzzleWeight,
    });
    expect(replayed).toEqual(rated.puzzleAfter);
  });
});
