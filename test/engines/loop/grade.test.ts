import { describe, expect, it } from 'vitest';
import { levelFor } from '../../../src/engines/loop/grade.js';
import { engine } from '../../../src/engines/loop/index.js';

describe('loop grader', () => {
  it('grades the original’s fully clued 4×4 board easy, solved by counting rules without search', () => {
    const grade = engine.grade({ width: 4, height: 4, clues: '1322021201110122' });
    expect(grade.level).toBe('easy');
    expect(grade.nodes).toBe(0);
    expect(grade.techniques).toEqual(['clue', 'vertex']);
  });

  it('names corner reasoning for a generated medium puzzle', () => {
    const { grade } = engine.generate('grade-medium', 'medium');
    expect(grade.techniques).toContain('corners');
    expect(grade.nodes).toBe(0);
  });

  it('names parity reasoning for a generated hard puzzle', () => {
    const { grade } = engine.generate('grade-hard', 'hard');
    expect(grade.hardest).toBe('parity');
  });

  it('falls back to trial and search for a board with many answers, and counts the nodes', () => {
    const grade = engine.grade({ width: 4, height: 4, clues: '.'.repeat(16) });
    expect(grade.nodes).toBeGreaterThan(0);
    expect(grade.hardest).toBe('search');
  });

  it('orders levels by score', () => {
    const levels = [0, 100, 240, 650, 5000].map(levelFor);
    expect(levels).toEqual(['easy', 'medium', 'hard', 'expert', 'expert']);
    expect(levelFor(99)).toBe('easy');
  });
});
