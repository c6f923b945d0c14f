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

/** A level's technique band, and `search` beyond the top one. */
export type LoopBand = LoopLevel | 'search';
export const BANDS: readonly LoopBand[] = [...LEVELS, 'search'];

/**
 * The level ladder: each band is named by the hardest technique the grader needed (it tries the easiest
 * first, so a technique it used was needed).
 * - easy: clue, vertex and loop-closure only.
 * - medium: needs adjacent-threes or corners; never parity, trial or search.
 * - hard: needs parity (inside/outside, a long-range rule); never trial or search.
 * - expert: needs trial (one edge assumed, refuted by the rules above); never search.
 * - search: beyond the ladder; the generator never keeps such a board.
 */
export function bandOf(techniques: readonly string[]): LoopBand {
  if (techniques.includes('search')) return 'search';
  if (techniques.includes('trial')) return 'expert';
  if (techniques.includes('parity')) return 'hard';
  if (techniques.includes('adjacent-threes') || techniques.includes('corners')) return 'medium';
  return 'easy';
}

/** The level of a graded board: its band, with boards beyond the ladder (search) at the top level. */
export function levelFor(techniques: readonly string[]): LoopLevel {
  const band = bandOf(techniques);
  return band === 'search' ? 'expert' : band;
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
 * True when the rules and trial solve the board without search (it then has exactly one answer): the
 * expert band's test in the generator, at a fraction of a grade's cost. Each pass assumes every open edge
 * once and keeps every refutation (the grader restarts its scan after each, to record the easiest rule
 * first), and propagates assumptions with tiers 0-1 only: any contradiction they reach, the grader's
 * tier 2 reaches too, so a board this solves the grader solves without search.
 */
export function trialSolves(geo: Geometry, clues: Int8Array): boolean {
  const prop = new Propagator(geo, clues);
  const s = prop.initial();
  const scratch = new Int32Array(s.length);
  if (!prop.propagate(s, 2)) return false;
  for (;;) {
    if (prop.solved(s)) return true;
    let progress = false;
    for (let e = 0; e < geo.edges; e++) {
      for (const value of [ON, OFF]) {
        if (s[e] !== UNKNOWN) break;
        scratch.set(s);
        if (prop.assume(scratch, e, value, 1, GUESS)) continue;
        prop.reset();
        if (!prop.set(s, e, value === ON ? OFF : ON, TRIAL) || !prop.propagate(s, 2)) return false;
        progress = true;
      }
    }
    if (!progress) return false;
  }
}

/**
 * Solves like a person: the easiest technique that makes progress first, trial only when all incremental
 * rules are stuck, search when even trial is. The level is the band of the techniques needed; the score
 * sums weighted deductions and search nodes, so within a band it rises with how hard and how often.
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
  return { level: levelFor(techniques), score, techniques, hardest, nodes };
}
