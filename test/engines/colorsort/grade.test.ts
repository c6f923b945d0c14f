import { describe, expect, it } from 'vitest';
import { gradeFromSearch } from '../../../src/engines/colorsort/grade.js';
import { engine, levelOf, PRESETS } from '../../../src/engines/colorsort/index.js';
import { NOTES_EXAMPLE } from './helpers.js';

describe('colorsort grade and render', () => {
  it('grades by the preset parameters and scores the proven shortest length', () => {
    expect(engine.grade(NOTES_EXAMPLE)).toEqual({
      level: 'easy',
      score: 15,
      techniques: ['park', 'merge'],
      hardest: 'park',
      nodes: expect.any(Number),
    });
  });

  it('places every preset at its own level', () => {
    for (const level of engine.levels) expect(levelOf(PRESETS[level as keyof typeof PRESETS])).toBe(level);
  });

  it('places other parameters by their filled tubes', () => {
    expect(levelOf({ numColors: 6, capacity: 4, duplicateColors: 0, emptyTubes: 2 })).toBe('easy');
    expect(levelOf({ numColors: 10, capacity: 4, duplicateColors: 0, emptyTubes: 2 })).toBe('medium');
    expect(levelOf({ numColors: 10, capacity: 4, duplicateColors: 5, emptyTubes: 2 })).toBe('hard');
    expect(levelOf({ numColors: 14, capacity: 4, duplicateColors: 0, emptyTubes: 2 })).toBe('superhard');
  });

  it('draws the tubes top row first, hidden units in lower case', () => {
    expect(engine.render(NOTES_EXAMPLE)).toBe(
      [' D E A A C . .', ' A B E D E . .', ' b d e d c . .', ' c c b a b . .', ' 0 1 2 3 4 5 6'].join('\n'),
    );
  });

  it('draws the sorted board after a solution', () => {
    const solution = engine.solve(NOTES_EXAMPLE).solutions[0];
    const picture = engine.render(NOTES_EXAMPLE, solution);
    expect(picture.split('\n').slice(0, 4).join('')).not.toMatch(/[a-z]/);
    expect(picture.endsWith('15 moves')).toBe(true);
  });
});

describe('colorsort grade from a search', () => {
  const search = (moves: [number, number][] | null, lowerBound: number, nodes = 7) => ({
    moves,
    nodes,
    states: nodes,
    truncated: moves === null,
    lowerBound,
  });

  it('scores a truncated search by its proven lower bound, with no techniques', () => {
    expect(gradeFromSearch(NOTES_EXAMPLE, search(null, 18, 500))).toEqual({
      level: 'easy',
      score: 18,
      techniques: [],
      hardest: 'none',
      nodes: 500,
    });
  });

  it('never scores below 0, whatever bound a search reports', () => {
    expect(gradeFromSearch(NOTES_EXAMPLE, search(null, -1)).score).toBe(0);
  });

  it('names merge the hardest of a line that never parks', () => {
    // Tube 0's top 1 onto tube 1's lone 1.
    const board = { capacity: 2, numColors: 2, duplicateColors: 0, emptyTubes: 0, tubes: [[0, 1], [1], [0]] };
    expect(gradeFromSearch(board, search([[0, 1]], 1))).toMatchObject({
      techniques: ['merge'],
      hardest: 'merge',
      score: 1,
    });
  });

  it('lists park and merge in the order a line first uses them', () => {
    const board = {
      capacity: 2,
      numColors: 2,
      duplicateColors: 0,
      emptyTubes: 1,
      tubes: [[0, 1], [0, 1], []],
    };
    const line: [number, number][] = [
      [0, 2],
      [1, 2],
      [1, 0],
    ];
    expect(gradeFromSearch(board, search(line, 3))).toMatchObject({
      techniques: ['park', 'merge'],
      hardest: 'park',
      score: 3,
    });
  });
});

describe('colorsort levels near the presets', () => {
  it('places parameters one colour count away from a preset by their filled tubes', () => {
    // Medium's capacity, duplicates and empty tubes, but 14 colours: superhard, not medium.
    expect(levelOf({ numColors: 14, capacity: 5, duplicateColors: 0, emptyTubes: 2 })).toBe('superhard');
  });

  it('places parameters one duplicate count away from a preset by their filled tubes', () => {
    // Hard's colours, capacity and empty tubes, but no duplicated colour: 8 filled tubes are medium.
    expect(levelOf({ numColors: 8, capacity: 5, duplicateColors: 0, emptyTubes: 3 })).toBe('medium');
  });

  it('names park the hardest even when a line merges first', () => {
    const board = {
      capacity: 2,
      numColors: 2,
      duplicateColors: 0,
      emptyTubes: 1,
      tubes: [[0, 1], [1], [0], []],
    };
    const line: [number, number][] = [
      [0, 1],
      [0, 3],
    ];
    expect(
      gradeFromSearch(board, { moves: line, nodes: 1, states: 1, truncated: false, lowerBound: 2 }),
    ).toMatchObject({
      techniques: ['merge', 'park'],
      hardest: 'park',
    });
  });
});
