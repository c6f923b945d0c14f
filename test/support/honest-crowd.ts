import type { Level } from '../../src/contract/kinds/index.js';
import { eliteLineMs } from '../../src/fairplay/elite-line.js';
import { evidenceOf } from '../../src/fairplay/evidence.js';
import { coldFloorMs, humanFloorMs } from '../../src/fairplay/human-floor.js';
import { HISTORY_SOLVES, HISTORY_WINDOW_MS, historyCarries } from '../../src/fairplay/pace-history.js';
import { endsRamp } from '../../src/fairplay/ramp.js';
import {
  type PaceSignals,
  paceSignals,
  SUSPECT_WINDOW_MS,
  suspicionOf,
} from '../../src/fairplay/suspicion.js';
import { type Verdict, verdictOf } from '../../src/fairplay/verdict.js';
import { descriptorOf, KINDS, type Kind } from '../../src/kinds/index.js';
import { puzzleBenchmarkSeconds } from '../../src/rating/puzzle-benchmark.js';
import { ESTABLISHED_MIN_GAMES } from '../../src/rating/standing.js';
import { humanLog, seededRandom } from './logs.js';

/**
 * A simulated crowd of honest players, judged by the same pure rules as a ranked submission (floor, elite
 * line, log shape, history, suspects), to count how often fair play holds an honest solve.
 *
 * The model, documented for the figures it gives: each player has a skill, a log-normal factor on the
 * benchmark (σ of log-time SKILL_SIGMA), and each solve a log-normal factor of its own (σ SOLVE_SIGMA), so
 * that all the crowd's times are log-normal around the benchmark with σ ≈ 0.5 in log-time (95 % of solves
 * between 0.37× and 2.7× the benchmark). Each day every player plays every level of two kinds, and enters
 * its moves with log-normal gaps (`humanLog`). A player is established in a kind after 5 counted solves on
 * 3 days (the deviation bound is left out: it only delays, which makes the figure a bound from above).
 * Held solves are never approved, also an upper bound: in the service a moderator's approval makes them
 * history.
 */
export const SKILL_SIGMA = 0.35;
export const SOLVE_SIGMA = 0.35;
const KINDS_PER_DAY = 2;
const DAY_MS = 86_400_000;

/** What the simulation needs of one puzzle of a kind and level: its steps and benchmark. */
export interface PuzzleFacts {
  kind: Kind;
  level: Level;
  steps: readonly (readonly [number, number])[];
  benchmarkSeconds: number;
}

/** One generated puzzle per kind and level, from a fixed seed, with the descriptor's default benchmark. */
export function puzzleFacts(seed = 'honest-crowd'): PuzzleFacts[] {
  return KINDS.flatMap((kind) => {
    const { engine, benchmark } = descriptorOf(kind);
    return (engine.levels as readonly Level[]).map((level) => {
      const generated = engine.generate(`${seed}:${kind}:${level}`, level);
      const steps = engine.stepsTo(generated.puzzle, generated.solution);
      const base = { seconds: benchmark.seconds[level] ?? 0, unit: benchmark.unit };
      return { kind, level, steps, benchmarkSeconds: puzzleBenchmarkSeconds(base, generated.meta ?? {}) };
    });
  });
}

/** Calibration's samples of such a crowd: one solve per player, as multiples of the benchmark. */
export function crowdSamples(players: number, seed = 3): { ratio: number; playerId: string }[] {
  const random = seededRandom(seed);
  return Array.from({ length: players }, (_, i) => ({
    ratio: Math.exp(SKILL_SIGMA * normal(random) + SOLVE_SIGMA * normal(random)),
    playerId: `p${i}`,
  }));
}

export interface CrowdResult {
  solves: number;
  pending: number;
  flagged: number;
  /** Held solves per kind and level, `kind:level` → count. */
  heldBy: Map<string, number>;
  reasons: Map<string, number>;
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

interface PlayerState {
  skill: number;
  /** Per kind: counted solves, days played; pace signals with their times. */
  kinds: Map<Kind, { games: number; days: Set<number> }>;
  /** Per `kind:level`: counted solves' paces with their days, newest first. */
  levels: Map<string, { pace: number; day: number }[]>;
  signals: (PaceSignals & { at: number; kind: Kind })[];
}

export function simulateHonestCrowd(
  puzzles: readonly PuzzleFacts[],
  options: { players: number; days: number; seed?: number; eliteRatio?: number | null },
): CrowdResult {
  const random = seededRandom(options.seed ?? 7);
  const result: CrowdResult = { solves: 0, pending: 0, flagged: 0, heldBy: new Map(), reasons: new Map() };
  const players: PlayerState[] = Array.from({ length: options.players }, () => ({
    skill: SKILL_SIGMA * normal(random),
    kinds: new Map(),
    levels: new Map(),
    signals: [],
  }));
  for (let day = 0; day < options.days; day++) {
    for (const player of players) {
      const kinds = [...KINDS].sort(() => random() - 0.5).slice(0, KINDS_PER_DAY);
      for (const puzzle of puzzles.filter((p) => kinds.includes(p.kind))) {
        const at = day * DAY_MS + 3_600_000 * result.solves;
        const verdict = judgeOne(player, puzzle, at, day, random, options.eliteRatio ?? null);
        result.solves++;
        if (verdict.verdict === 'clean') continue;
        result[verdict.verdict]++;
        const key = `${puzzle.kind}:${puzzle.level}`;
        result.heldBy.set(key, (result.heldBy.get(key) ?? 0) + 1);
        for (const reason of verdict.reasons)
          result.reasons.set(reason, (result.reasons.get(reason) ?? 0) + 1);
      }
    }
  }
  return result;
}

function judgeOne(
  player: PlayerState,
  puzzle: PuzzleFacts,
  at: number,
  day: number,
  random: () => number,
  eliteRatio: number | null,
): Verdict {
  const record = player.kinds.get(puzzle.kind) ?? { games: 0, days: new Set<number>() };
  player.kinds.set(puzzle.kind, record);
  const levelKey = `${puzzle.kind}:${puzzle.level}`;
  const window = (player.levels.get(levelKey) ?? []).filter((p) => p.day * DAY_MS >= at - HISTORY_WINDOW_MS);
  const levelPaces = window.map((p) => p.pace).slice(0, HISTORY_SOLVES);
  const pace = Math.exp(player.skill + SOLVE_SIGMA * normal(random));
  const countedMs = Math.round(pace * puzzle.benchmarkSeconds * 1000);
  const floor = {
    steps: puzzle.steps.length,
    secondsPerStep: descriptorOf(puzzle.kind).floorSecondsPerStep[puzzle.level] ?? 0,
    benchmarkSeconds: puzzle.benchmarkSeconds,
  };
  const floorMs = humanFloorMs({ ...floor, learnedRatio: null, setRatio: null, recordRatio: null });
  const eliteMs = eliteLineMs({
    coldFloorMs: coldFloorMs(floor),
    floorMs,
    benchmarkSeconds: puzzle.benchmarkSeconds,
    learnedRatio: eliteRatio,
    setRatio: null,
  });
  const log = humanLog(puzzle.steps, {
    startMs: 1000,
    endMs: countedMs - 500,
    seed: Math.floor(random() * 1e9),
  });
  const evidence = evidenceOf({ log, serverMs: countedMs, countedMs, floorMs, eliteMs });
  const signals = paceSignals({
    countedMs,
    floorMs,
    eliteMs,
    recordMs: null,
    vouched: false,
    gamesBefore: record.games,
    ramp: endsRamp(pace, levelPaces),
  });
  const recent = player.signals.filter((s) => s.at >= at - SUSPECT_WINDOW_MS);
  const established = record.games >= ESTABLISHED_MIN_GAMES && record.days.size >= 3;
  const verdict = verdictOf(evidence, {
    historyCarries: historyCarries({ established, vouched: false, pace, levelPaces }),
    suspect: suspicionOf([...recent, { kind: puzzle.kind, ...signals }]).listed,
  });
  if (signals.hugsFloor || signals.earlyElite || signals.ramp) {
    player.signals.push({ at, kind: puzzle.kind, ...signals });
  }
  if (verdict.verdict === 'clean') {
    record.games++;
    player.levels.set(levelKey, [{ pace, day }, ...window]);
    record.days.add(day);
  }
  return verdict;
}
