import { describe, expect, it } from 'vitest';
import { engineFor, KINDS } from '../../src/kinds/index.js';
import { byKindAndLevel, inKindLevelOrder } from '../../src/kinds/order.js';

const row = (kind: string, level: string) => ({ kind, level });

describe('the order of kinds and levels', () => {
  it("sorts by the registry's kinds, then each engine's levels", () => {
    const all = KINDS.flatMap((kind) => engineFor(kind).levels.map((level) => row(kind, level)));
    const shuffled = [...all].sort((a, b) => `${a.level}${a.kind}`.localeCompare(`${b.level}${b.kind}`));
    expect(shuffled).not.toEqual(all);
    expect(inKindLevelOrder(shuffled)).toEqual(all);
  });

  it('orders hard before expert and medium before hard, unlike the alphabet', () => {
    const sorted = inKindLevelOrder([
      row('sudoku', 'expert'),
      row('sudoku', 'hard'),
      row('sudoku', 'medium'),
    ]);
    expect(sorted.map((r) => r.level)).toEqual(['medium', 'hard', 'expert']);
  });

  it('puts a kind or level the registry does not have last, by name, so the order stays total', () => {
    const sorted = inKindLevelOrder([
      row('zzz', 'easy'),
      row('sudoku', 'nightmare'),
      row('aaa', 'hard'),
      row('sudoku', 'expert'),
      row('sudoku', 'easy'),
    ]);
    expect(sorted).toEqual([
      row('sudoku', 'easy'),
      row('sudoku', 'expert'),
      row('sudoku', 'nightmare'),
      row('aaa', 'hard'),
      row('zzz', 'easy'),
    ]);
  });

  it('compares a row with itself as equal and leaves the input untouched', () => {
    const hard = row('loop', 'hard');
    const input = [hard, row('loop', 'easy')];
    expect(byKindAndLevel(hard, { ...hard })).toBe(0);
    inKindLevelOrder(input);
    expect(input.map((r) => r.level)).toEqual(['hard', 'easy']);
  });
});
