import type { z } from 'zod';
import type { AnyEngine, Level } from '../engines/types.js';
import type { LogEntryBounds } from './log-entry.js';

/**
 * The time a puzzle of a level starts with before calibration moves it towards what players really take:
 * finishing at it scores 0.5. `move`: seconds per move of the puzzle's proven shortest solution.
 */
export interface BenchmarkDefaults {
  unit: 'puzzle' | 'move';
  seconds: Readonly<Partial<Record<Level, number>>>;
}

/**
 * Everything a kind means outside its engine, in one place: the service, the OpenAPI document, the demo
 * page and the benchmarks take their lists of kinds and their per-kind facts from these.
 */
export interface KindDescriptor {
  /** The pure engine (src/engines/<kind>): generation, solving, checking, grading, log replay. */
  engine: AnyEngine;
  /** What players read. */
  displayName: string;
  /** The puzzle players see (what `engine.toPublic` returns), from the kind's wire format (src/contract/kinds). */
  publicPuzzle: z.ZodType;
  /** The shape of a submitted solution, checked before the engine judges it (a wrong shape is a 400). */
  solution: z.ZodType;
  /** The bounds of one move-log entry `[t, a, b]`; the engine checks the puzzle's own ranges. */
  logEntry: LogEntryBounds;
  /** What `a` and `b` of a log entry mean, for people (OpenAPI and README). */
  logFormat: string;
  benchmark: BenchmarkDefaults;
  /**
   * The cold-start human floor per level: seconds per step of the engine's `stepsTo` below which nobody
   * solves (src/fairplay/human-floor.ts explains the anchor and the margin).
   */
  floorSecondsPerStep: Readonly<Partial<Record<Level, number>>>;
  /** True when the kind hides information that the reveal route discloses move by move (colour sort). */
  reveal: boolean;
}
