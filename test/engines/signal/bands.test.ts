import { describe, expect, it } from 'vitest';
import { bandOf, TECHNIQUES } from '../../../src/engines/signal/grade.js';
import { engine } from '../../../src/engines/signal/index.js';
import { levelRank, type SignalLevel } from '../../../src/engines/signal/model.js';

const SEEDS = ['band-1', 'band-2', 'band-3'];

function sample(level: SignalLevel) {
  return SEEDS.map((seed) => engine.generate(seed, level));
}

describe('signal level bands', () => {
  for (const level of engine.levels) {
    it(`makes ${level} puzzles that need a technique of the ${level} band and none above it`, () => {
      for (const g of sample(level)) {
        const bands = g.grade.techniques.map((name) => TECHNIQUES[name as keyof typeof TECHNIQUES].level);
        expect(bands).toContain(level);
        expect(bands.every((band) => levelRank(band) <= levelRank(level))).toBe(true);
      }
    });

    it(`grades generated ${level} puzzles at the level of their band`, () => {
      for (const g of sample(level)) {
        const band = bandOf(g.grade.techniques as (keyof typeof TECHNIQUES)[]);
        expect(engine.grade(g.puzzle).level).toBe(band);
        expect(band).toBe(level);
      }
    });
  }

  it('makes easy puzzles that clue bounds and Latin singles alone finish', () => {
    for (const g of sample('easy')) {
      expect(
        g.grade.techniques.every((name) => ['clue-bounds', 'naked-single', 'hidden-single'].includes(name)),
      ).toBe(true);
    }
  });
});
