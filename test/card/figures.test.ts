import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../src/card/escape.js';
import { clockTime, filledSquares, puzzleLabel, rankLabel, streakLabel } from '../../src/card/figures.js';

describe('a card’s clock time', () => {
  it('reads whole seconds as m:ss, dropping the milliseconds', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(59_999)).toBe('0:59');
    expect(clockTime(60_000)).toBe('1:00');
    expect(clockTime(252_000)).toBe('4:12');
  });

  it('takes an hour from 60:00 on: 59:59 one second below, 1:00:00 at it, 1:00:01 one above', () => {
    expect(clockTime(3_599_000)).toBe('59:59');
    expect(clockTime(3_600_000)).toBe('1:00:00');
    expect(clockTime(3_601_000)).toBe('1:00:01');
    expect(clockTime(3_600_000 + 9 * 60_000 + 5_000)).toBe('1:09:05');
  });
});

describe('a card’s row of squares', () => {
  it('fills fifths of the score, rounded: 3 at the benchmark (0.5)', () => {
    expect(filledSquares(0.5)).toBe(3);
    expect(filledSquares(0.69)).toBe(3);
    expect(filledSquares(0.7)).toBe(4);
    expect(filledSquares(0.89)).toBe(4);
    expect(filledSquares(0.9)).toBe(5);
  });

  it('fills at least one and at most five', () => {
    expect(filledSquares(0)).toBe(1);
    expect(filledSquares(0.29)).toBe(1);
    expect(filledSquares(0.3)).toBe(2);
    expect(filledSquares(1)).toBe(5);
    expect(filledSquares(1.5)).toBe(5);
  });

  it('has none without a score', () => {
    expect(filledSquares(null)).toBeNull();
  });
});

describe('a card’s labels', () => {
  it('name the kind as players know it and the level', () => {
    expect(puzzleLabel({ kind: 'colorsort', level: 'superhard' })).toBe('Colour sort superhard');
  });

  it('show a rank only with both the rank and the solvers', () => {
    expect(rankLabel({ rank: 3, solvers: 41 })).toBe('#3 of 41');
    expect(rankLabel({ rank: null, solvers: 41 })).toBeNull();
    expect(rankLabel({ rank: 3, solvers: null })).toBeNull();
  });

  it('show a streak from one day on, none at 0 or when not shown', () => {
    expect(streakLabel(1)).toBe('1-day streak');
    expect(streakLabel(0)).toBeNull();
    expect(streakLabel(null)).toBeNull();
  });
});

describe('escaping for HTML and SVG', () => {
  it('replaces each of & < > " and \' by its entity, and leaves the rest', () => {
    expect(escapeMarkup(`a&b<c>d"e'f 🟩`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f 🟩');
  });

  it('escapes an ampersand first, so an entity in the text stays text', () => {
    expect(escapeMarkup('&lt;')).toBe('&amp;lt;');
  });
});
