// @ts-check
/** Sudoku: 9×9, digits 1–9 once per row, column and 3×3 box. Public puzzle `{grid}`, solution `{grid}`. */

import { gridRows, h, markHint } from './common.js';
import { createDigitGrid } from './digit-grid.js';

/**
 * @param {unknown} puzzle `{ grid: 81 characters, '.' blank }`
 * @param {import('./common.js').BoardContext} context
 * @returns {import('./common.js').Board}
 */
export function createBoard(puzzle, context) {
  const { grid } = /** @type {{ grid: string }} */ (puzzle);
  const digits = createDigitGrid({
    n: 9,
    givens: grid,
    box: 3,
    saved: context.saved,
    changed: context.changed,
    announce: context.announce,
  });
  const rows = Array.from({ length: 9 }, (_, r) => digits.cells.slice(r * 9, r * 9 + 9));
  const cells = h(
    'div',
    { class: 'digit-grid', style: '--n: 9', role: 'grid', 'aria-label': 'sudoku' },
    gridRows(rows),
  );
  const element = h('div', { class: 'board sudoku' }, [cells, digits.pad]);
  digits.attach(element);
  element.addEventListener('keydown', (event) => {
    if (digits.handleKey(event)) event.preventDefault();
  });
  cells.addEventListener('click', digits.handleClick);
  return {
    element,
    help: 'Click a cell or move with the arrow keys; type 1–9, Backspace clears. Each digit once per row, column and box.',
    complete: digits.complete,
    solution: () => ({ grid: digits.text() }),
    snapshot: digits.text,
    setLocked: digits.setLocked,
    /** @returns {import('../api.js').HintPositions['sudoku']} */
    hintPosition: () => ({ grid: digits.text() }),
    showHint: (hint) => markHint(digits.cells, hint, 'cell'),
  };
}
