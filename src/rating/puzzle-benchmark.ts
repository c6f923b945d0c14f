import type { Kind, Level } from '../engines/types.js';
import { COLORSORT_SECONDS_PER_MOVE, DEFAULT_BENCHMARK_SECONDS } from './benchmark-defaults.js';

/** A kind and level's benchmark as stored: seconds per puzzle, or per move of the shortest solution. */
export interface BenchmarkBase {
  seconds: number;
  unit: 'puzzle' | 'move';
}

/** The starting base of a kind and level (what migration 0002 seeds), for a level the table lacks. */
export function defaultBenchmarkBase(kind: Kind, level: Level): BenchmarkBase {
  const seconds =
    kind === 'colorsort' ? COLORSORT_SECONDS_PER_MOVE[level] : DEFAULT_BENCHMARK_SECONDS[kind][level];
  if (seconds === undefined) throw new RangeError(`${kind} has no level ${level}`);
  return { seconds, unit: kind === 'colorsort' ? 'move' : 'puzzle' };
}

/** One puzzle's benchmark: per-move bases scale with the proven shortest solution (`meta.solutionLength`). */
export function puzzleBenchmarkSeconds(
  base: BenchmarkBase,
  meta: Readonly<Record<string, number | string | boolean>>,
): number {
  if (base.unit === 'puzzle') return base.seconds;
  const length = meta.solutionLength;
  if (typeof length !== 'number' || !Number.isInteger(length) || length <= 0) {
    throw new RangeError(`a per-move benchmark needs meta.solutionLength, got ${String(length)}`);
  }
  return base.seconds * length;
}
