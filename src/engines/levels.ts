import { PuzzleInputError } from './types.js';

/** The one wording of a level a kind does not have, wherever it is refused: engine, CLI or API. */
export function noSuchLevel(kind: string, levels: readonly string[], level: unknown): string {
  return `${kind} has no level ${JSON.stringify(level) ?? String(level)}; its levels are ${levels.join(', ')}`;
}

/** `level` as one of the kind's `levels`, or a PuzzleInputError that says which levels there are. */
export function levelIn<L extends string>(kind: string, levels: readonly L[], level: unknown): L {
  if (typeof level === 'string' && (levels as readonly string[]).includes(level)) return level as L;
  throw new PuzzleInputError(noSuchLevel(kind, levels, level));
}
