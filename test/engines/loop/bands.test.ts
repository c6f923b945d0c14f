import { describe, expect, it } from 'vitest';
import { bandOf, levelFor } from '../../../src/engines/loop/grade.js';
import { engine } from '../../../src/engines/loop/index.js';

const SEEDS = ['band-1', 'band-2'] as const;

describe('loop technique bands', () => {
  it.each(engine.levels.flatMap((level) => SEEDS.map((seed) => [level, seed] as const)))(
    'generates a %s puzzle (seed %s) whose techniques fall in its own band',
    (level, seed) => {
      const { grade } = engine.generate(seed, level);
      expect(bandOf(grade.techniques)).toBe(level);
      expect(grade.level).toBe(level);
    },
  );

  it('keeps trial out of every hard sample and in every expert one', () => {
    const needTrial = (level: 'hard' | 'expert') =>
      SEEDS.map((seed) => engine.generate(seed, level).grade.techniques.includes('trial'));
    expect(needTrial('hard')).toEqual([false, false]);
    expect(needTrial('expert')).toEqual([true, true]);
  });

  it('places a board by the hardest band among its techniques', () => {
    expect(bandOf(['clue', 'vertex', 'loop-closure'])).toBe('easy');
    expect(bandOf(['clue', 'adjacent-threes'])).toBe('medium');
    expect(bandOf(['clue', 'corners'])).toBe('medium');
    expect(bandOf(['clue', 'corners', 'parity'])).toBe('hard');
    expect(bandOf(['clue', 'parity', 'trial'])).toBe('expert');
    expect(bandOf(['clue', 'trial', 'search'])).toBe('search');
  });

  it('gives a board that needs search the top level', () => {
    expect(levelFor(['clue', 'search'])).toBe('expert');
  });
});
