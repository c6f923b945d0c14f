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

  it('names the first of two techniques of the same weight the hardest', () => {
    // clue and vertex both weigh 1 an edge.
    expect(engine.grade({ width: 4, height: 4, clues: '1322021201110122' })).toEqual({
      level: 'easy',
      score: 40,
      techniques: ['clue', 'vertex'],
      hardest: 'clue',
      nodes: 0,
    });
  });

  it('settles by trial, without search, a unique board where every rule is stuck, and levels it expert at 5×5', () => {
    expect(engine.grade({ width: 5, height: 5, clues: '....0..31.3.2.0..1.2...1.' })).toEqual({
      level: 'expert',
      score: 146,
      techniques: ['clue', 'vertex', 'corners', 'trial', 'loop-closure'],
      hardest: 'trial',
      nodes: 0,
    });
  });

  it('settles by trial a second unique board, that also needs parity', () => {
    expect(engine.grade({ width: 5, height: 5, clues: '......3..2....111.20.0...' })).toEqual({
      level: 'expert',
      score: 148,
      techniques: ['clue', 'vertex', 'corners', 'parity', 'trial', 'loop-closure'],
      hardest: 'trial',
      nodes: 0,
    });
  });

  it('scores a board left to search at 30 a node', () => {
    expect(engine.grade({ width: 4, height: 4, clues: '.'.repeat(16) })).toEqual({
      level: 'expert',
      score: 420,
      techniques: ['search'],
      hardest: 'search',
      nodes: 14,
    });
  });

  it('grades a board its rules find impossible at once as needing nothing', () => {
    // On a 1×1 board the only loop has four lines round the cell, never two.
    expect(engine.grade({ width: 1, height: 1, clues: '2' })).toEqual({
      level: 'easy',
      score: 0,
      techniques: [],
      hardest: 'none',
      nodes: 0,
    });
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

  it('levels a board by its techniques, whatever its score', () => {
    const levels = [['clue'], ['clue', 'corners'], ['clue', 'parity'], ['clue', 'trial']].map(levelFor);
    expect(levels).toEqual(['easy', 'medium', 'hard', 'expert']);
  });
});
