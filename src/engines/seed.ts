import { MAX_SEED_LENGTH } from './rng.js';
import { PuzzleInputError } from './types.js';

/**
 * The one seed rule of every engine, checked before anything is generated: a string of 1 to
 * MAX_SEED_LENGTH UTF-16 code units (what the RNG folds). An empty seed is refused rather than
 * standing for the RNG's fixed start state, so a missing seed is never a valid puzzle.
 */
export function requireSeed(seed: unknown): string {
  if (typeof seed !== 'string' || seed.length === 0 || seed.length > MAX_SEED_LENGTH) {
    throw new PuzzleInputError(`seed must be a string of 1 to ${MAX_SEED_LENGTH} characters`);
  }
  return seed;
}
