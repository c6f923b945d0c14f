import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextHint } from '../../../src/engines/colorsort/hint.js';
import {
  type ColorSortPuzzle,
  type ColorSortSolution,
  engine,
  type Move,
  pourError,
  replay,
  reveal,
} from '../../../src/engines/colorsort/index.js';
import type { Hint } from '../../../src/engines/hint.js';

/*
 * Issue #47 item 5 for colour sort: a hint's conclusion is one pour, and what it states is that the pour
 * can be made ("into the empty tube", "onto a tube that shows the same colour on top"). Both must follow
 * from the position as the player sees it (the reveal view: units never on top are hidden): the source
 * tube shows a colour on top, the target is empty or shows that colour, and the target has room for the
 * run however the hidden units under the visible run are coloured (each hidden unit directly under it may
 * be the run's colour, as far as that colour's count allows, unless the hint says that the hidden unit
 * under the run is another colour, which must then be true). That the pour begins a shortest solution
 * rests on the hidden units and is not what the hint says, so it is not checked here.
 */

type Step = Extract<Hint, { type: 'step' }>;
type Shown = (number | null)[][];

/** Why a hint's pour does not follow from the position the player sees, or null when it does. */
function unsupported(puzzle: ColorSortPuzzle, shown: Shown, truth: number[][], hint: Step): string | null {
  const [c] = hint.concludes;
  if (hint.concludes.length !== 1 || c === undefined || !('pourTo' in c)) return 'one pour';
  const src = shown[c.at] ?? [];
  const dst = shown[c.pourTo] ?? [];
  const top = src[src.length - 1];
  if (top === undefined || top === null) return `tube ${c.at} shows no colour on top`;
  const park = dst.length === 0;
  if (hint.technique !== (park ? 'park' : 'merge'))
    return `a ${hint.technique} onto a ${park ? 'n empty' : ' filled'} tube`;
  if (!park && dst[dst.length - 1] !== top) return `tube ${c.pourTo} does not show the same colour on top`;
  let run = 0;
  while (run < src.length && src[src.length - 1 - run] === top) run++;
  // The hidden units right under the run may continue it, up to the units of that colour not seen anywhere.
  const seen = shown.flat().filter((u) => u === top).length;
  const total = top < puzzle.duplicateColors ? 2 * puzzle.capacity : puzzle.capacity;
  let hiddenUnder = 0;
  while (run + hiddenUnder < src.length && src[src.length - 1 - run - hiddenUnder] === null) hiddenUnder++;
  const worst = run + Math.min(hiddenUnder, total - seen);
  // Unless the hint says the hidden unit under the run is another colour: then the run is what is shown.
  const stated = hint.explanation.includes(
    `the hidden unit under the colour on top of tube ${c.at} is another colour, so the pour fits`,
  );
  if (stated && (truth[c.at] ?? [])[src.length - 1 - run] === top)
    return 'the hidden unit it names is the same colour';
  if (puzzle.capacity - dst.length < (stated ? run : worst))
    return `tube ${c.pourTo} may have no room for the run`;
  return null;
}

const POOL = engine.levels.flatMap((level) => [0, 1].map((k) => engine.generate(`entail-${k}`, level)));

describe('colour sort hints', () => {
  it('pour only where the position the player sees shows the pour can be made, on and off the stored line', () => {
    const techniques = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat(POOL.length - 1),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.nat(20),
        (index, detour, start) => {
          const { puzzle, solution } = POOL[index] as {
            puzzle: ColorSortPuzzle;
            solution: ColorSortSolution;
          };
          // Some pours of the stored line, then a few legal pours of the fuzzer's choosing.
          const moves: Move[] = solution.moves.slice(0, start);
          for (const pick of detour) {
            const replayed = replay(puzzle, moves);
            if (!replayed.ok) throw new Error('the moves stay legal');
            const tubes = replayed.state.tubes;
            const legal = tubes.flatMap((_, from) =>
              tubes.flatMap((__, to): Move[] =>
                pourError(tubes, puzzle.capacity, from, to) === null ? [[from, to]] : [],
              ),
            );
            const move = legal[pick % Math.max(1, legal.length)];
            if (move) moves.push(move);
          }
          for (let k = 0; k < 12; k++) {
            const hint = nextHint(puzzle, solution, { moves });
            if (hint.type !== 'step') return;
            techniques.add(hint.technique);
            const view = reveal(puzzle, moves);
            const truth = replay(puzzle, moves);
            if (!view.ok || !truth.ok) throw new Error('the moves stay legal');
            expect(
              unsupported(puzzle, view.view.tubes, truth.state.tubes, hint),
              `${JSON.stringify(moves)}\n${hint.explanation}`,
            ).toBeNull();
            const [c] = hint.concludes;
            if (c && 'pourTo' in c) moves.push([c.at, c.pourTo]);
          }
        },
      ),
      { numRuns: 16, seed: 47 },
    );
    expect([...techniques].sort()).toEqual(['merge', 'park']);
  });

  it('say that the hidden unit under a run is another colour where only that makes the pour fit', () => {
    // Tubes 1 and 2 each show one unit of the same colour over hidden ones, tube 2 with room for one: were
    // the hidden unit under tube 1's top that colour too, its run of two would not fit.
    const { puzzle, solution } = engine.generate('entail-0', 'easy');
    const moves: Move[] = [
      [1, 5],
      [2, 5],
    ];
    const hint = nextHint(puzzle, solution, { moves });
    const view = reveal(puzzle, moves);
    const truth = replay(puzzle, moves);
    if (hint.type !== 'step' || !view.ok || !truth.ok) throw new Error('a step from a legal position');
    expect(view.view.tubes.slice(1, 3)).toEqual([
      [null, null, 1],
      [null, null, 1],
    ]);
    expect(hint.concludes).toEqual([{ at: 1, pourTo: 2 }]);
    expect(hint.explanation).toBe(
      'Pour tube 1 onto tube 2, which shows the same colour on top; the hidden unit under the colour on top of ' +
        'tube 1 is another colour, so the pour fits.',
    );
    expect(unsupported(puzzle, view.view.tubes, truth.state.tubes, hint)).toBeNull();
  });

  it('say nothing of hidden units where the position shows the pour fits', () => {
    const { puzzle, solution } = engine.generate('entail-0', 'easy');
    const hint = nextHint(puzzle, solution, { moves: [] });
    expect(hint).toMatchObject({ type: 'step', explanation: expect.not.stringContaining('hidden') });
  });
});
