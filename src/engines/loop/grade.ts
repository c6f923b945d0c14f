import type { Difficulty } from '../types.js';
import type { Geometry } from './geometry.js';
import { GUESS, OFF, ON, Propagator, TECHNIQUES, TRIAL, UNKNOWN } from './propagate.js';
import { DEFAULT_NODE_LIMIT, search } from './solve.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type LoopLevel = (typeof LEVELS)[number];

/** Score per edge deduced by each technique (index as TECHNIQUES): harder reasoning weighs more. */
const WEIGHT = [1, 1, 2, 2, 3, 6, 15] as const;
/** Score per search node the techniques left to guessing. */
const NODE_WEIGHT = 30;

/**
 * Lowest score of each level above easy. Generated boards (60 seeds per level) score 60–74 (easy 5×5),
 * 135–176 (medium 7×7), 287–544 (hard 10×10) and 732–1061 (expert 15×15): the thresholds sit in the
 * gaps, so the generator's own boards are accepted at the first attempt, while a small board that needs
 * trial or search grades above its size.
 */
const THRESHOLDS: readonly [LoopLevel, number][] = [
  ['expert', 650],
  ['hard', 240],
  ['medium', 100],
];

export function levelFor(score: number): LoopLevel {
  for (const [level, min] of THRESHOLDS) if (score >= min) return level;
  return 'easy';
}

/**
 * One trial step: assume each undecided edge each way with every other technique; a contradiction
 * fixes the edge the other way. Technique counts of the hypothetical runs are not kept.
 */
function trialStep(prop: Propagator, s: Int32Array, scratch: Int32Array): boolean {
  const saved = prop.uses.slice();
  const savedOrder = prop.order.length;
  const restore = () => {
    prop.uses.set(saved);
    prop.order.length = savedOrder;
  };
  for (let e = 0; e < prop.geo.edges; e++) {
    if (s[e] !== UNKNOWN) continue;
    for (const value of [ON, OFF]) {
      scratch.set(s);
      if (!prop.assume(scratch, e, value, 2, GUESS)) {
        restore();
        prop.reset();
        return prop.set(s, e, value === ON ? OFF : ON, TRIAL);
      }
    }
  }
  restore();
  return false;
}

/**
 * Solves like a person: the easiest technique that makes progress first, trial only when all incremental
 * rules are stuck, search when even trial is. The score sums weighted deductions and search nodes.
 */
export function gradeClues(geo: Geometry, clues: Int8Array): Difficulty<LoopLevel> {
  const prop = new Propagator(geo, clues, true);
  const s = prop.initial();
  const scratch = new Int32Array(s.length);
  let nodes = 0;
  while (prop.propagate(s, 2) && !prop.solved(s)) {
    if (trialStep(prop, s, scratch)) continue;
    const saved = prop.uses.slice();
    const savedOrder = prop.order.length;
    nodes = search(prop, s, { maxSolutions: 2, nodeLimit: DEFAULT_NODE_LIMIT, tier: 2 }).nodes;
    prop.uses.set(saved);
    prop.order.length = savedOrder;
    break;
  }
  let score = nodes * NODE_WEIGHT;
  for (let t = 0; t < TECHNIQUES.length; t++) score += (prop.uses[t] as number) * WEIGHT[t as 0];
  const techniques = prop.order.filter((t) => t !== GUESS).map((t) => TECHNIQUES[t as 0] as string);
  let hardest = techniques.length > 0 ? 'clue' : 'none';
  let top = -1;
  for (const t of prop.order) {
    if (t !== GUESS && WEIGHT[t as 0] > top) {
      top = WEIGHT[t as 0];
      hardest = TECHNIQUES[t as 0];
    }
  }
  if (nodes > 0) {
    techniques.push('search');
    hardest = 'search';
  }
  return { level: levelFor(score), score, techniques, hardest, nodes };
}
