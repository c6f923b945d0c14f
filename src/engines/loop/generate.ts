import { levelIn } from '../levels.js';
import { type Rng, rng, shuffle } from '../rng.js';
import { requireSeed } from '../seed.js';
import { type Generated, GenerationError } from '../types.js';
import { geometry } from './geometry.js';
import { bandOf, gradeClues, LEVELS, type LoopLevel, trialSolves } from './grade.js';
import { clueString, type LoopPuzzle, type LoopSolution } from './model.js';
import { Propagator } from './propagate.js';
import { fullClues, growRegion, regionLoop } from './region.js';
import { DEFAULT_NODE_LIMIT, search } from './solve.js';

export { LEVELS, type LoopLevel } from './grade.js';

export const VERSION = 2;

/**
 * Board side and the hardest tier the thinning may rely on, per level: 0 to 2 are the propagation tiers
 * (the band's rules), TRIAL_TIER thins with tier 2 and then blanks clues while trial still solves.
 * Thinning with a band's rules keeps it within the band; the grade then checks it needs the band.
 */
export const LEVEL_SPEC: Readonly<Record<LoopLevel, { side: number; tier: number }>> = {
  easy: { side: 5, tier: 0 },
  medium: { side: 7, tier: 1 },
  hard: { side: 10, tier: 2 },
  expert: { side: 15, tier: 3 },
};

export const TRIAL_TIER = 3;
/**
 * Clues tried for blanking past tier 2's minimum. A board thinned with tier 2 loses no clue without
 * leaving tier 2, so the first blank that trial still solves puts it in the expert band; each try costs
 * one trial solve, which bounds the cron's cost.
 */
const TRIAL_TRIES = 12;
/** Blanks past tier 2 kept at most: each needs trial again, but every further try costs as much. */
const TRIAL_BLANKS = 2;

const MAX_ATTEMPTS = 500;

function deducible(prop: Propagator, tier: number, scratch?: Int32Array): boolean {
  const s = prop.initial(scratch);
  return prop.propagate(s, tier) && prop.solved(s);
}

/**
 * Blanks clues in `order` while the rules up to `tier` still solve the board. A board they solve has
 * exactly one answer, so each test costs one propagation, no search. Runs of removals are tested
 * together, growing while they succeed; a failed run is retried one clue at a time. Because fewer clues
 * never help the rules, this keeps exactly the clues that one-by-one greedy removal would keep.
 */
function thin(prop: Propagator, order: number[], tier: number): void {
  const clues = prop.clues;
  const kept = Int8Array.from(clues);
  const scratch = new Int32Array(prop.layout.size);
  let i = 0;
  let run = 1;
  while (i < order.length) {
    const end = Math.min(i + run, order.length);
    for (let j = i; j < end; j++) clues[order[j] as number] = -1;
    if (deducible(prop, tier, scratch)) {
      i = end;
      run *= 2;
    } else if (run > 1) {
      for (let j = i; j < end; j++) clues[order[j] as number] = kept[order[j] as number] as number;
      run = 1;
    } else {
      clues[order[i] as number] = kept[order[i] as number] as number;
      i++;
    }
  }
}

/**
 * Blanks clues of a tier-2-minimal board, one at a time in random order, keeping each blank that the
 * rules and trial still solve: every kept blank needs trial, and a board trial solves has one answer.
 */
function thinWithTrial(prop: Propagator, random: Rng): boolean {
  const clues = prop.clues;
  const kept = shuffle(
    random,
    Array.from({ length: clues.length }, (_, x) => x).filter((x) => (clues[x] as number) >= 0),
  );
  let blanked = 0;
  for (const x of kept.slice(0, TRIAL_TRIES)) {
    const k = clues[x] as number;
    clues[x] = -1;
    if (trialSolves(prop.geo, clues)) blanked++;
    else clues[x] = k;
    if (blanked === TRIAL_BLANKS) break;
  }
  return blanked > 0;
}

const IMPROVE_ROUNDS = 2;
const IMPROVE_RESTORED = 6;

function clueCount(clues: Int8Array): number {
  let n = 0;
  for (const k of clues) if (k >= 0) n++;
  return n;
}

/**
 * Greedy thinning stops at a set where no single clue can go, which is rarely the smallest. Each round
 * gives back a few blanked clues at random and thins again, keeping the result only when it has fewer
 * clues: a cheap escape from the first local minimum.
 */
function improve(prop: Propagator, full: Int8Array, random: Rng, tier: number): void {
  const clues = prop.clues;
  const cells = Array.from({ length: clues.length }, (_, x) => x);
  for (let round = 0; round < IMPROVE_ROUNDS; round++) {
    const before = Int8Array.from(clues);
    const blanks = shuffle(
      random,
      cells.filter((x) => (clues[x] as number) < 0),
    );
    for (const x of blanks.slice(0, IMPROVE_RESTORED)) clues[x] = full[x] as number;
    thin(
      prop,
      shuffle(
        random,
        cells.filter((x) => (clues[x] as number) >= 0),
      ),
      tier,
    );
    if (clueCount(clues) >= clueCount(before)) clues.set(before);
  }
}

/**
 * The original's loop: grow a region, take its boundary as the answer, give every clue, blank them in a
 * shuffled order while the rules up to `tier` still solve the board, try for fewer clues, verify
 * uniqueness with the full solver, at TRIAL_TIER blank a few more that only trial can do without, and
 * (when a level is asked) reject a board outside the level's band. One RNG stream runs across all
 * attempts.
 */
export function generateBoard(
  seed: string,
  side: number,
  tier: number,
  level: LoopLevel | null,
): Generated<LoopPuzzle, LoopSolution, LoopLevel> {
  requireSeed(seed);
  const geo = geometry(side, side);
  const random = rng(seed);
  const rejected = { region: 0, 'not-deducible': 0, 'not-unique': 0, 'no-trial': 0, 'wrong-level': 0 };
  const thinTier = Math.min(tier, 2);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const inside = growRegion(geo, random);
    if (!inside) {
      rejected.region++;
      continue;
    }
    const full = fullClues(geo, regionLoop(geo, inside));
    const prop = new Propagator(geo, Int8Array.from(full));
    if (!deducible(prop, thinTier)) {
      rejected['not-deducible']++;
      continue;
    }
    thin(
      prop,
      shuffle(
        random,
        Array.from({ length: geo.cells }, (_, x) => x),
      ),
      thinTier,
    );
    improve(prop, full, random, thinTier);
    const check = search(prop, prop.initial(), { maxSolutions: 2, nodeLimit: DEFAULT_NODE_LIMIT, tier: 2 });
    const answer = check.solutions[0];
    if (check.truncated || check.solutions.length !== 1 || answer === undefined) {
      rejected['not-unique']++;
      continue;
    }
    if (tier >= TRIAL_TIER && !thinWithTrial(prop, random)) {
      rejected['no-trial']++;
      continue;
    }
    const grade = gradeClues(geo, prop.clues);
    if (level !== null && bandOf(grade.techniques) !== level) {
      rejected['wrong-level']++;
      continue;
    }
    return {
      puzzle: { width: side, height: side, clues: clueString(prop.clues) },
      solution: { edges: answer },
      grade,
      seed,
      version: VERSION,
      attempt,
    };
  }
  const counts = Object.entries(rejected)
    .map(([why, n]) => `${why} ${n}`)
    .join(', ');
  throw new GenerationError(
    `loop: no ${level ?? `${side}×${side}`} puzzle in ${MAX_ATTEMPTS} attempts (rejected: ${counts})`,
  );
}

export function generate(seed: string, level: LoopLevel): Generated<LoopPuzzle, LoopSolution, LoopLevel> {
  const known = levelIn('loop', LEVELS, level);
  const { side, tier } = LEVEL_SPEC[known];
  return generateBoard(seed, side, tier, known);
}
