import type { NewPuzzleRow } from '../db/puzzles.js';
import { engineFor } from '../kinds/index.js';
import { type BenchmarkBase, puzzleBenchmarkSeconds } from '../rating/puzzle-benchmark.js';
import { type PuzzleKey, puzzleId } from './puzzle-id.js';

/** Runs the engine for one daily puzzle and shapes the row to store. Pure apart from the engine's CPU time. */
export function makePuzzleRow(key: PuzzleKey, seed: string, benchmark: BenchmarkBase): NewPuzzleRow {
  const engine = engineFor(key.kind);
  const made = engine.generate(seed, key.level);
  const meta = made.meta ?? {};
  return {
    id: puzzleId(key),
    date: key.date,
    kind: key.kind,
    level: key.level,
    seed,
    engineVersion: made.version,
    puzzle: made.puzzle,
    publicPuzzle: engine.toPublic(made.puzzle),
    answer: made.solution,
    difficulty: made.grade,
    meta,
    benchmarkSeconds: puzzleBenchmarkSeconds(benchmark, meta),
  };
}
