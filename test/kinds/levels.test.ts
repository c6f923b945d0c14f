import { describe, expect, it } from 'vitest';
import { KIND_SHAPES, LEVELS } from '../../src/contract/kinds/index.js';
import { engineFor, KINDS } from '../../src/kinds/index.js';

describe("each kind's levels", () => {
  it.each(KINDS)(
    '%s: the engine generates exactly the levels its wire format lists, in that order',
    (kind) => {
      expect([...engineFor(kind).levels]).toEqual([...KIND_SHAPES[kind].levels]);
    },
  );

  it('lists every level of some kind once, easiest first', () => {
    expect(LEVELS).toEqual(['easy', 'medium', 'hard', 'expert', 'superhard']);
  });
});
