import { describe, expect, it } from 'vitest';
import { KIND_SHAPES, LEVELS } from '../../src/contract/kinds/index.js';
import { noSuchLevel } from '../../src/engines/levels.js';
import { PuzzleInputError } from '../../src/engines/types.js';
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

  it.each(KINDS)('%s: refuses a level it lacks in the one wording every refusal of a level uses', (kind) => {
    const engine = engineFor(kind);
    const generate = () => engine.generate('2026-11-29', 'nightmare' as never);
    expect(generate).toThrow(PuzzleInputError);
    expect(generate).toThrow(noSuchLevel(kind, engine.levels, 'nightmare'));
    expect(noSuchLevel(kind, engine.levels, 'nightmare')).toBe(
      `${kind} has no level "nightmare"; its levels are ${engine.levels.join(', ')}`,
    );
  });
});
