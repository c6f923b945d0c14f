import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/pattern/index.js';
import { SEED_FIVE } from './fixtures.js';

describe('pattern render', () => {
  it('draws column clues above, row clues to the left and a grid of blank cells', () => {
    expect(engine.render(SEED_FIVE)).toBe(BLANK);
  });

  it('draws the solved board with # for filled and . for empty', () => {
    expect(engine.render(SEED_FIVE, { cells: '1010000011101111100111000' })).toBe(SOLVED);
  });

  it('puts a ruler every five cells and widens cells for two-digit column runs', () => {
    const wide = engine.render({ width: 12, height: 1, rows: [[12]], cols: Array(12).fill([1]) });
    expect(wide).toContain(' |');
    const tall = engine.render({ width: 1, height: 12, rows: Array(12).fill([1]), cols: [[12]] });
    expect(tall.split('\n')[0]).toBe('  12');
  });
});

const BLANK = [
  '    1   1',
  '    3 2 1 2 3',
  '1 1 . . . . .',
  '  2 . . . . .',
  '1 3 . . . . .',
  '2 1 . . . . .',
  '  2 . . . . .',
].join('\n');

const SOLVED = [
  '    1   1',
  '    3 2 1 2 3',
  '1 1 # . # . .',
  '  2 . . . # #',
  '1 3 # . # # #',
  '2 1 # # . . #',
  '  2 # # . . .',
].join('\n');
