/**
 * Fair play IV's figures from the pure rules a ranked submission and calibration run (the workerd tests
 * prove the same through the API): a ring's pull on the learnt lines, a slow crowd's on a settled puzzle,
 * and how often an honest player's times happen to form a ramp.
 */
import { coldEliteMs, eliteLineMs } from '../../src/fairplay/elite-line.js';
import { coldFloorMs, humanFloorMs, learnedFloorRatio } from '../../src/fairplay/human-floor.js';
import { learnedEliteRatio } from '../../src/fairplay/learned-elite.js';
import { endsRamp, RAMP_SOLVES } from '../../src/fairplay/ramp.js';
import { descriptorOf } from '../../src/kinds/index.js';
import { newRating, type Rating } from '../../src/rating/glicko2.js';
import { rateSolve } from '../../src/rating/rate-solve.js';
import { score } from '../../src/rating/score.js';
import { PUZZLE_ESTABLISHED_GAMES, puzzleWeight } from '../../src/rating/standing.js';
import { puzzleAfter } from '../../src/rating/weighted-games.js';
import { puzzleFacts } from '../../test/support/honest-crowd.js';
import { honestTimes, normals } from '../../test/support/honest-times.js';
import { table } from './stats.js';

/** 400 honest players (log-normal around the benchmark) and a ring at 1.2× the cold floor, one sample each. */
function ringRow(kind: 'signal' | 'sudoku', ring: number) {
  const facts = puzzleFacts('fair play four').find((p) => p.kind === kind && p.level === 'easy');
  if (!facts) throw new Error(`no ${kind} easy`);
  const cold = {
    steps: facts.steps.length,
    secondsPerStep: descriptorOf(kind).floorSecondsPerStep.easy ?? 0,
  };
  const benchmark = facts.benchmarkSeconds;
  const samples = [
    ...honestTimes(`ring-${kind}`, 400, benchmark).map((s, i) => ({
      ratio: s / benchmark,
      playerId: `h${i}`,
    })),
    ...Array.from({ length: ring }, (_, i) => ({
      ratio: (1.2 * coldFloorMs(cold)) / 1000 / benchmark,
      playerId: `r${i}`,
    })),
  ];
  const floorRatio = learnedFloorRatio(samples);
  const eliteRatio = learnedEliteRatio(samples);
  const coldMs = coldFloorMs(cold);
  const floorMs = humanFloorMs({
    ...cold,
    benchmarkSeconds: benchmark,
    learnedRatio: floorRatio,
    setRatio: null,
    recordRatio: null,
  });
  const eliteMs = eliteLineMs({
    coldFloorMs: coldMs,
    floorMs,
    benchmarkSeconds: benchmark,
    learnedRatio: eliteRatio,
    setRatio: null,
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `${kind}/easy, ${ring} of ${400 + ring} (${((ring / (400 + ring)) * 100).toFixed(1)} %)`,
    s(coldMs),
    s((floorRatio ?? 0) * benchmark * 1000),
    s(floorMs),
    s(coldEliteMs({ coldFloorMs: coldMs, benchmarkSeconds: benchmark })),
    s((eliteRatio ?? 0) * benchmark * 1000),
    s(eliteMs),
  ];
}

/** Eight established solvers at the benchmark settle a puzzle; then `slow` aged accounts at 3× it. */
function settledRow(slow: number) {
  const solver: Rating = { rating: 1500, deviation: 100, volatility: 0.06 };
  const context = {
    player: solver,
    playerGames: 10,
    pendingPlayerGames: [],
    playDays: ['2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z', '2026-11-03T10:00:00Z'],
    at: '2026-11-04T10:00:00Z',
    pendingPuzzleGames: [],
  };
  let puzzle = newRating();
  let established = 0;
  let unbounded = newRating();
  const play = (pace: number) => {
    const rated = rateSolve({
      ...context,
      score: score(pace, 1),
      pace,
      puzzle,
      puzzleEstablishedGames: established,
    });
    unbounded = puzzleAfter(unbounded, {
      score: score(pace, 1),
      solver,
      puzzleWeight: puzzleWeight(true, 100),
    });
    puzzle = rated.puzzleAfter;
    established = rated.puzzleEstablishedAfter;
  };
  for (let i = 0; i < PUZZLE_ESTABLISHED_GAMES; i++) play(1);
  const settled = puzzle.rating;
  const settledUnbounded = unbounded.rating;
  for (let i = 0; i < slow; i++) play(3);
  return [
    `${slow} aged accounts at 3×`,
    `${(unbounded.rating - settledUnbounded).toFixed(1)} points`,
    `${(puzzle.rating - settled).toFixed(1)} points (${(((puzzle.rating - settled) / settled) * 100).toFixed(2)} %)`,
    '≤ 2 %',
  ];
}

/** How often a person's solves form a ramp by chance: log-normal times, σ 0.5, 100,000 solves. */
function rampShare(): string {
  const z = normals('ramp bench');
  const history: number[] = [];
  let ramps = 0;
  const solves = 100_000;
  for (let i = 0; i < solves; i++) {
    const pace = Math.exp(0.5 * z());
    if (endsRamp(pace, history)) ramps++;
    history.unshift(pace);
    history.length = Math.min(history.length, RAMP_SOLVES);
  }
  return `${((ramps / solves) * 100).toFixed(3)} %`;
}

export function fairPlayFourFigures(): void {
  console.log(
    '\nFair play IV: a ring of aged, long-history accounts at 1.2× the cold floor (one sample each):\n',
  );
  console.log(
    table(
      [
        'ring',
        'cold floor',
        'learnt floor',
        'floor in force',
        'cold elite',
        'learnt elite',
        'elite in force',
      ],
      [ringRow('signal', 10), ringRow('sudoku', 20)],
    ),
  );
  console.log('\nA settled puzzle (8 established games at the benchmark), then a slow crowd:\n');
  console.log(
    table(
      ['crowd', 'without the settled budget', 'with it (this code)', 'target'],
      [settledRow(20), settledRow(100)],
    ),
  );
  console.log(
    `\nAn honest player's solves that end a ramp by chance (σ 0.5, 100,000 solves): ${rampShare()}`,
  );
}
