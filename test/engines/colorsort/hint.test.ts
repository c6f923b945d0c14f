import { describe, expect, it } from 'vitest';
import { nextHint } from '../../../src/engines/colorsort/hint.js';
import {
  type ColorSortPuzzle,
  engine,
  isSolved,
  type Move,
  pourError,
  replay,
  solveTubes,
} from '../../../src/engines/colorsort/index.js';
import type { Hint } from '../../../src/engines/hint.js';

function pourOf(hint: Hint): Move {
  if (hint.type !== 'step') throw new Error(`expected a step, got ${JSON.stringify(hint)}`);
  const [c] = hint.concludes;
  if (c === undefined || !('pourTo' in c)) throw new Error('a colour sort hint concludes a pour');
  return [c.at, c.pourTo];
}

/**
 * Follows hints from `moves` until the hint is no longer a step; returns the moves and the last hint. Hints
 * that never end (more pours than the solution has, many times over) fail the test instead of hanging it.
 */
function follow(puzzle: ColorSortPuzzle, solution: { moves: Move[] }, moves: Move[]) {
  const played = [...moves];
  const most = moves.length + 10 * solution.moves.length + 10;
  while (played.length <= most) {
    const hint = nextHint(puzzle, solution, { moves: played });
    if (hint.type !== 'step') return { played, hint };
    played.push(pourOf(hint));
  }
  throw new Error(`hints went on past ${most} pours`);
}

/** A legal first pour other than the stored solution's first. */
function detour(puzzle: ColorSortPuzzle, first: Move): Move {
  const n = puzzle.tubes.length;
  for (let from = 0; from < n; from++) {
    for (let to = 0; to < n; to++) {
      if (
        (from !== first[0] || to !== first[1]) &&
        pourError(puzzle.tubes, puzzle.capacity, from, to) === null
      ) {
        return [from, to];
      }
    }
  }
  throw new Error('no other legal first pour');
}

function legalPours(tubes: number[][], capacity: number): Move[] {
  const pours: Move[] = [];
  for (let from = 0; from < tubes.length; from++) {
    for (let to = 0; to < tubes.length; to++) {
      if (pourError(tubes, capacity, from, to) === null) pours.push([from, to]);
    }
  }
  return pours;
}

/**
 * Legal pours picked by a fixed pseudo-random walk until the position cannot be sorted any more: the
 * moves, whose every prefix but the whole is still solvable.
 */
function deadLine(puzzle: ColorSortPuzzle): Move[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let walk = 0; walk < 200; walk++) {
    const moves: Move[] = [];
    for (let step = 0; step < 40; step++) {
      const at = replay(puzzle, moves);
      if (!at.ok) throw new Error('the walk plays legal pours only');
      const pours = legalPours(at.state.tubes, puzzle.capacity);
      if (pours.length === 0) break;
      moves.push(pours[Math.floor(random() * pours.length)] as Move);
      const next = replay(puzzle, moves);
      if (!next.ok) throw new Error('legal');
      if (isSolved(next.state.tubes, puzzle.capacity)) break;
      const result = solveTubes(next.state.tubes, puzzle.capacity);
      if (result.moves === null && !result.truncated) return moves;
    }
  }
  throw new Error('no dead end found');
}

describe('colour sort hints', () => {
  for (const level of engine.levels) {
    it(`lead from the start to a sorted position in the proven shortest number of pours at ${level}`, () => {
      const { puzzle, solution, meta } = engine.generate('hint-1', level);
      const { played, hint } = follow(puzzle, solution, []);
      expect(hint.type).toBe('solved');
      expect(played.length).toBe(meta?.solutionLength);
      const end = replay(puzzle, played);
      expect(end.ok && isSolved(end.state.tubes, puzzle.capacity)).toBe(true);
    });
  }

  it('still lead to a sorted position, in a shortest line from there, after a wasteful pour', () => {
    const { puzzle, solution } = engine.generate('hint-2', 'medium');
    const first = detour(puzzle, solution.moves[0] as Move);
    const after = replay(puzzle, [first]);
    if (!after.ok) throw new Error('the detour is legal');
    const shortest = solveTubes(after.state.tubes, puzzle.capacity).moves?.length;
    const { played, hint } = follow(puzzle, solution, [first]);
    expect(hint.type).toBe('solved');
    expect(played.length - 1).toBe(shortest);
  });

  it('name a pour into an empty tube park and a pour onto a matching top merge', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'easy');
    const names = new Set<string>();
    const played: Move[] = [];
    for (const move of solution.moves) {
      const hint = nextHint(puzzle, solution, { moves: played });
      if (hint.type !== 'step') throw new Error('expected a step');
      const end = replay(puzzle, played);
      if (!end.ok) throw new Error('legal');
      expect(hint.technique).toBe(end.state.tubes[move[1]]?.length === 0 ? 'park' : 'merge');
      names.add(hint.technique);
      played.push(move);
    }
    expect([...names].sort()).toEqual(['merge', 'park']);
  });

  it('carry no colour: only tube numbers, the technique and a sentence', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'superhard');
    const first = detour(puzzle, solution.moves[0] as Move);
    for (const moves of [[], [first]]) {
      const hint = nextHint(puzzle, solution, { moves });
      if (hint.type !== 'step') throw new Error('expected a step');
      expect(Object.keys(hint).sort()).toEqual([
        'concludes',
        'explanation',
        'involves',
        'technique',
        'type',
        'unit',
      ]);
      expect(hint.explanation).not.toMatch(/colou?r \d/);
      expect(hint.explanation.match(/\d+/g)?.map(Number)).toEqual(pourOf(hint));
      expect(hint.involves).toEqual([...pourOf(hint)].sort((a, b) => a - b));
    }
  });

  it('point at the first move after which the tubes cannot be sorted', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'easy');
    const moves = deadLine(puzzle);
    const hint = nextHint(puzzle, solution, { moves });
    expect(hint).toMatchObject({ type: 'mistake', unit: 'move', at: moves.length - 1 });
  });

  it('point at the move that lost the game, not at the moves played after it', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'easy');
    const moves = deadLine(puzzle);
    const after = replay(puzzle, moves);
    if (!after.ok) throw new Error('legal');
    const more = legalPours(after.state.tubes, puzzle.capacity);
    const longer = more.length > 0 ? [...moves, more[0] as Move] : moves;
    expect(nextHint(puzzle, solution, { moves: longer })).toMatchObject({
      type: 'mistake',
      at: moves.length - 1,
    });
  });

  it('point at an illegal move, naming its index', () => {
    const { puzzle, solution } = engine.generate('hint-1', 'easy');
    const empty = puzzle.tubes.findIndex((t) => t.length === 0);
    expect(nextHint(puzzle, solution, { moves: [[empty, 0]] })).toEqual({
      type: 'mistake',
      unit: 'move',
      at: 0,
      explanation: `Move 1 cannot be played: tube ${empty} is empty.`,
    });
  });
});
