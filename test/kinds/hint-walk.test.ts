/**
 * Each kind's hint capability from both ends: a player who starts where `hint.start` says and enters each
 * step as `hint.follow` does (what the hint bench and the test support rely on) reaches the end of the
 * hints without a mistake; a follow that entered a wrong value would be told of its mistake, and one that
 * entered nothing would be given the same step until the bound.
 */
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../src/engines/hint.js';
import { descriptorOf, KINDS } from '../../src/kinds/index.js';

/** Far more steps than an easy puzzle of any kind has: a walk past it is going round in circles. */
const MAX_HINTS = 2000;

describe('following hints', () => {
  for (const kind of KINDS) {
    it(`leads ${kind}'s easy puzzle from its starting position to solved or search, never to a mistake`, () => {
      const { engine, hint } = descriptorOf(kind);
      const { puzzle, solution } = engine.generate('hint-walk', 'easy');
      let position = hint.start(puzzle);
      let next: Hint = hint.next(puzzle, solution, position);
      for (let steps = 0; next.type === 'step'; steps++) {
        if (steps === MAX_HINTS) throw new Error(`${kind}: no end after ${MAX_HINTS} hints`);
        position = hint.follow(position, next);
        next = hint.next(puzzle, solution, position);
      }
      expect(['solved', 'search']).toContain(next.type);
    });
  }
});
