import { type Rng, rng } from '../rng.js';
import { GenerationError, PuzzleInputError } from '../types.js';
import { cluesFor } from './clues.js';
import { MAX_SIZE, MIN_SIZE, type PatternPuzzle } from './model.js';
import { type SolveReport, solveClues } from './solve.js';

/**
 * What a generated puzzle must need: `line` = line logic alone solves it; `probe` = line logic does
 * not, probing does. (Candidates that need search are not worth keeping: with the repair below, a
 * 25×25 candidate that probing leaves open was, in 50 of 50 trials, ambiguous or beyond a small node
 * limit, so checking them only cost time.)
 */
export type Target = 'line' | 'probe';

export interface SizedPuzzle {
  puzzle: PatternPuzzle;
  /** Row-major 0/1 picture. */
  cells: Uint8Array;
  report: SolveReport;
  attempt: number;
}

/** Shape of the random pictures: fill density range and blur passes (more passes → larger blobs). */
interface Style {
  minDensity: number;
  maxDensity: number;
  minBlur: number;
  maxBlur: number;
}

const STYLES: Record<Target, Style> = {
  line: { minDensity: 0.45, maxDensity: 0.6, minBlur: 1, maxBlur: 2 },
  probe: { minDensity: 0.45, maxDensity: 0.5, minBlur: 1, maxBlur: 1 },
};

export const MAX_ATTEMPTS = 500;
/** Cell flips tried on one picture before drawing a new one. */
const MAX_FLIPS = 12;

/**
 * A picture rather than noise: uniform noise blurred `blur` times with a 3×3 box filter, then cut at
 * the quantile that fills `density` of the cells, so neighbouring cells tend to agree and shapes
 * form blobs of a size set by the blur.
 */
export function randomPicture(
  random: Rng,
  width: number,
  height: number,
  density: number,
  blur: number,
): Uint8Array {
  const size = width * height;
  let field = new Float64Array(size);
  for (let i = 0; i < size; i++) field[i] = random();
  let next = new Float64Array(size);
  for (let pass = 0; pass < blur; pass++) {
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        let sum = 0;
        let n = 0;
        for (let dr = -1; dr <= 1; dr++) {
          const rr = r + dr;
          if (rr < 0 || rr >= height) continue;
          for (let dc = -1; dc <= 1; dc++) {
            const cc = c + dc;
            if (cc < 0 || cc >= width) continue;
            sum += field[rr * width + cc]!;
            n++;
          }
        }
        next[r * width + c] = sum / n;
      }
    }
    [field, next] = [next, field];
  }
  const sorted = field.slice().sort();
  const filled = Math.round(density * size);
  const cells = new Uint8Array(size);
  if (filled === 0) return cells;
  const threshold = sorted[size - filled]!;
  for (let i = 0; i < size; i++) cells[i] = field[i]! >= threshold ? 1 : 0;
  return cells;
}

/**
 * A unique puzzle of the given size that needs exactly what `target` says, from pictures drawn with one
 * rng(seed) across all attempts. `accept` may reject further candidates (the level check).
 */
export function generateSized(
  seed: string,
  width: number,
  height: number,
  target: Target,
  accept: (report: SolveReport, puzzle: PatternPuzzle) => boolean = () => true,
): SizedPuzzle {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < MIN_SIZE || value > MAX_SIZE) {
      throw new PuzzleInputError(`${name} must be an integer from ${MIN_SIZE} to ${MAX_SIZE}, got ${value}`);
    }
  }
  const random = rng(seed);
  const style = STYLES[target];
  const rejected: Record<string, number> = {};
  const reject = (reason: string) => {
    rejected[reason] = (rejected[reason] ?? 0) + 1;
  };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const density = style.minDensity + random() * (style.maxDensity - style.minDensity);
    const blur = style.minBlur + Math.floor(random() * (style.maxBlur - style.minBlur + 1));
    const cells = randomPicture(random, width, height, density, blur);
    const found = repair(random, cells, width, height, target, reject);
    if (found === undefined) continue;
    if (!accept(found.report, found.puzzle)) {
      reject('wrong level');
      continue;
    }
    return { ...found, cells, attempt };
  }
  const counts = Object.entries(rejected)
    .map(([reason, n]) => `${reason}: ${n}`)
    .join(', ');
  throw new GenerationError(
    `no ${width}×${height} ${target} puzzle for seed "${seed}" in ${MAX_ATTEMPTS} attempts (${counts})`,
  );
}

/**
 * Most random pictures are ambiguous somewhere (typically a 2×2 checkerboard that can be swapped).
 * Instead of throwing such a picture away, flip one of the cells the solver could not decide and try
 * again: the changed clues usually pin that spot down, and the picture barely changes. Gives up after
 * MAX_FLIPS, or at once when the picture is too easy for the target (flipping rarely makes it harder).
 */
function repair(
  random: Rng,
  cells: Uint8Array,
  width: number,
  height: number,
  target: Target,
  reject: (reason: string) => void,
): { puzzle: PatternPuzzle; report: SolveReport } | undefined {
  for (let flip = 0; flip <= MAX_FLIPS; flip++) {
    const puzzle: PatternPuzzle = { width, height, ...cluesFor(cells, width, height) };
    const report = solveClues(puzzle, { stopAfter: target });
    if (target === 'probe' && report.hardest === 'line') {
      reject('line logic suffices');
      return undefined;
    }
    if (report.undecided === undefined) return { puzzle, report };
    const cell = report.undecided[Math.floor(random() * report.undecided.length)]!;
    cells[cell] = 1 - cells[cell]!;
  }
  reject('still ambiguous after flips');
  return undefined;
}
