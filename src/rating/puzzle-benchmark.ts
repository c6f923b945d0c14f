/** A kind and level's benchmark as stored: seconds per puzzle, or per move of the shortest solution. */
export interface BenchmarkBase {
  seconds: number;
  unit: 'puzzle' | 'move';
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
