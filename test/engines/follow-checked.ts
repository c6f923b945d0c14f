import { expect } from 'vitest';
import type { Hint, HintStep } from '../../src/engines/hint.js';

/** What a kind's entailment test lends the shared walk: its hints, its way of entering a step, its check. */
export interface CheckedWalk<Position> {
  /** The puzzle, shown beside the position when a step fails its check. */
  puzzle: unknown;
  next: (position: Position) => Hint;
  follow: (position: Position, step: HintStep) => Position;
  /** Why the step does not follow from the position plus what the hint states, or null where it does. */
  unsupported: (position: Position, step: HintStep) => string | null;
  /** More steps than any walk from this puzzle can take: past it the hints are going round in circles. */
  maxSteps: number;
}

/**
 * Follows hints from `start`, checking each step, until they stop stepping; adds the techniques met to
 * `techniques`. A walk that is still stepping after `maxSteps` fails with a message instead of hanging.
 */
export function followChecked<Position>(
  walk: CheckedWalk<Position>,
  start: Position,
  techniques: Set<string>,
): void {
  let position = start;
  for (let steps = 0; steps < walk.maxSteps; steps++) {
    const hint = walk.next(position);
    if (hint.type !== 'step') return;
    techniques.add(hint.technique);
    expect(
      walk.unsupported(position, hint),
      `${JSON.stringify({ puzzle: walk.puzzle, position })}\n${hint.explanation}`,
    ).toBeNull();
    position = walk.follow(position, hint);
  }
  throw new Error(`the hints still step after ${walk.maxSteps} steps from ${JSON.stringify(start)}`);
}
