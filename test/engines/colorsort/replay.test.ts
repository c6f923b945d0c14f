import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exposedBy,
  type Move,
  pourError,
  replay,
  reveal,
  solveTubes,
  toPublic,
} from '../../../src/engines/colorsort/index.js';
import { NOTES_EXAMPLE } from './helpers.js';

describe('colorsort hidden colours', () => {
  it('shows each tube bottom two units as null in the public payload', () => {
    expect(toPublic(NOTES_EXAMPLE)).toEqual({
      capacity: 4,
      tubes: [
        [null, null, 0, 3],
        [null, null, 1, 4],
        [null, null, 4, 0],
        [null, null, 3, 0],
        [null, null, 4, 2],
        [],
        [],
      ],
    });
  });

  it('reveals a unit once it is on top and keeps it revealed after it is covered again', () => {
    // Tube 1 is [2,3,1,4]: pour away its 4 and its 1, exposing its hidden 3, then pour tube 0's 3 onto it.
    const exposed = reveal(NOTES_EXAMPLE, [
      [1, 5],
      [1, 6],
    ]);
    expect(exposed.ok && exposed.view.tubes[1]).toEqual([null, 3]);
    const covered = reveal(NOTES_EXAMPLE, [
      [1, 5],
      [1, 6],
      [0, 1],
    ]);
    expect(covered.ok && covered.view.tubes[1]).toEqual([null, 3, 3]);
    expect(covered.ok && covered.view.hidden).toBe(9);
  });

  it('reveals a hidden unit poured inside a run: the pour reverses the run, so it lands on top', () => {
    // Tube 3 is [0,3,3,0]: after its top 0 leaves, the run 3,3 includes the hidden slot-1 unit.
    const result = replay(NOTES_EXAMPLE, [
      [3, 5],
      [3, 6],
    ]);
    expect(result.ok && result.state.tubes[6]).toEqual([3, 3]);
    expect(result.ok && result.state.hidden[6]).toEqual([false, false]);
    expect(result.ok && result.state.hidden[3]).toEqual([false]);
  });

  it('names the units a move list exposed by their index in the start position', () => {
    // Tube 3 holds units 12–15 ([0,3,3,0], 12 and 13 hidden): pouring its top 0 away and then its 3,3 run
    // lands 13 on top of tube 6 and leaves 12 on top of tube 3.
    const result = replay(NOTES_EXAMPLE, [
      [3, 5],
      [3, 6],
    ]);
    expect(result.ok && result.state.exposed).toEqual([12, 13]);
    const deeper = replay(NOTES_EXAMPLE, [
      [1, 5],
      [1, 6],
    ]);
    expect(deeper.ok && deeper.state.exposed).toEqual([5]);
    const none = replay(NOTES_EXAMPLE, []);
    expect(none.ok && none.state.exposed).toEqual([]);
  });

  it('says a sorting line exposed every unit hidden at the start', () => {
    const solved = solveTubes(NOTES_EXAMPLE.tubes, NOTES_EXAMPLE.capacity);
    const moves = solved.moves ?? [];
    expect(moves.length).toBeGreaterThan(0);
    const hidden = [0, 1, 4, 5, 8, 9, 12, 13, 16, 17];
    expect(exposedBy(NOTES_EXAMPLE, { moves })).toEqual(hidden);
  });

  it('rejects the first illegal move with its index and reason', () => {
    const cases: [Move[], number, RegExp][] = [
      [[[5, 0]], 0, /tube 5 is empty/],
      [[[0, 1]], 0, /different colour/],
      [[[0, 0]], 0, /itself/],
      [[[0, 7]], 0, /no tube 7/],
      [
        [
          [0, 5],
          [1, 5],
          [2, 5],
        ],
        1,
        /different colour/,
      ],
      [
        [
          [0, 5],
          [2, 3],
        ],
        1,
        /tube 3 has no room for the whole run on top of tube 2/,
      ],
    ];
    for (const [moves, index, reason] of cases) {
      const result = replay(NOTES_EXAMPLE, moves);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.index).toBe(index);
        expect(result.reason).toMatch(reason);
      }
    }
  });

  it('answers malformed move lists with a reason and no index', () => {
    expect(reveal(NOTES_EXAMPLE, 'nope')).toEqual({
      ok: false,
      reason: 'moves must be an array of [from, to] pairs',
    });
    expect(reveal(NOTES_EXAMPLE, [[0, 5, 1]])).toMatchObject({
      ok: false,
      reason: 'move 0 must be a pair [from, to] of tube indices',
    });
    expect(reveal(NOTES_EXAMPLE, [[0.5, 1]])).not.toHaveProperty('index');
  });

  it('never shows a colour that has not been on top along any random legal line of play', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), (choices) => {
        // Follow every unit by id independently of replay: ids pour one by one, so a run is reversed.
        const tubes = NOTES_EXAMPLE.tubes.map((t) => t.slice());
        let next = 0;
        const ids = tubes.map((t) => t.map(() => next++));
        const wasOnTop = new Set<number>();
        const moves: Move[] = [];
        for (const choice of choices) {
          const legal: Move[] = [];
          for (let i = 0; i < tubes.length; i++) {
            for (let j = 0; j < tubes.length; j++) if (pourError(tubes, 4, i, j) === null) legal.push([i, j]);
          }
          if (legal.length === 0) break;
          const [from, to] = legal[choice % legal.length] as Move;
          moves.push([from, to]);
          const src = tubes[from] as number[];
          const top = src[src.length - 1];
          while (src.length > 0 && src[src.length - 1] === top) {
            (tubes[to] as number[]).push(src.pop() as number);
            (ids[to] as number[]).push((ids[from] as number[]).pop() as number);
          }
          for (const t of ids) if (t.length > 0) wasOnTop.add(t[t.length - 1] as number);
        }
        const view = reveal(NOTES_EXAMPLE, moves);
        if (!view.ok) throw new Error(view.reason);
        const startHidden = new Set(ids.flat().filter((id) => id % 4 < 2 && id < 20));
        ids.forEach((t, i) => {
          t.forEach((id, k) => {
            const shown = view.view.tubes[i]?.[k];
            const shouldHide = startHidden.has(id) && !wasOnTop.has(id);
            expect(shown === null).toBe(shouldHide);
            if (!shouldHide) expect(shown).toBe(tubes[i]?.[k]);
          });
        });
      }),
      { numRuns: 60 },
    );
  });
});
