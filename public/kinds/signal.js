// @ts-check
/**
 * Signal (towers): an n×n Latin square of mast heights 1..n; a clue on an edge counts the masts seen
 * from there, taller masts hiding shorter ones. Public puzzle `{n, top, bottom, left, right, givens}`
 * (0 = no clue), solution `{grid}`. A clue is marked once its line is full: kept or broken.
 */

import { gridRows, h, markHint } from './common.js';
import { createDigitGrid } from './digit-grid.js';

/** Masts seen along `heights`, front first. @param {number[]} heights */
function visible(heights) {
  let seen = 0;
  let tallest = 0;
  for (const x of heights) {
    if (x > tallest) {
      seen++;
      tallest = x;
    }
  }
  return seen;
}

/**
 * @param {unknown} puzzle
 * @param {import('./common.js').BoardContext} context
 * @returns {import('./common.js').Board}
 */
export function createBoard(puzzle, context) {
  const p =
    /** @type {{ n: number, top: number[], bottom: number[], left: number[], right: number[], givens: string }} */ (
      puzzle
    );
  const { n } = p;
  /** @type {{ element: HTMLElement, value: number, line: (values: Uint8Array) => number[], where: string }[]} */
  const clues = [];
  /** Where a clue stands, in words. @type {Record<string, (k: number) => string>} */
  const SIDE = {
    top: (k) => `above column ${k + 1}`,
    bottom: (k) => `below column ${k + 1}`,
    left: (k) => `left of row ${k + 1}`,
    right: (k) => `right of row ${k + 1}`,
  };
  /**
   * @param {number} value
   * @param {string} side
   * @param {number} k
   * @param {(values: Uint8Array) => number[]} line the heights as seen from the clue, front first
   */
  const clue = (value, side, k, line) => {
    const where = SIDE[side]?.(k) ?? side;
    const element = h('div', {
      class: 'clue',
      'data-clue': `${side}${k}`,
      text: value > 0 ? value : '',
      role: 'gridcell',
      'aria-label': value > 0 ? `clue ${where}: ${value} seen` : `no clue ${where}`,
    });
    if (value > 0) clues.push({ element, value, line, where });
    return element;
  };
  /** @param {Uint8Array} v @param {number} r */
  const row = (v, r) => Array.from(v.subarray(r * n, r * n + n));
  /** @param {Uint8Array} v @param {number} c */
  const col = (v, c) => Array.from({ length: n }, (_, r) => v[r * n + c] ?? 0);

  const top = p.top.map((v, c) => clue(v, 'top', c, (values) => col(values, c)));
  const bottom = p.bottom.map((v, c) => clue(v, 'bottom', c, (values) => col(values, c).reverse()));
  const left = p.left.map((v, r) => clue(v, 'left', r, (values) => row(values, r)));
  const right = p.right.map((v, r) => clue(v, 'right', r, (values) => row(values, r).reverse()));

  const digits = createDigitGrid({
    n,
    givens: p.givens,
    box: null,
    saved: context.saved,
    changed: context.changed,
    announce: context.announce,
    painted(values) {
      for (const { element, value, line, where } of clues) {
        const heights = line(values);
        const full = heights.every((x) => x > 0);
        const kept = full && visible(heights) === value;
        element.classList.toggle('kept', kept);
        element.classList.toggle('broken', full && !kept);
        const state = full ? (kept ? ', kept' : ', broken') : '';
        element.setAttribute('aria-label', `clue ${where}: ${value} seen${state}`);
      }
    },
  });

  // Corners are empty cells: every row of the grid holds only cells.
  const corner = () => h('div', { class: 'corner', role: 'gridcell' });
  /** @type {HTMLElement[][]} */
  const layout = [[corner(), ...top, corner()]];
  for (let r = 0; r < n; r++) {
    layout.push([
      /** @type {HTMLElement} */ (left[r]),
      ...digits.cells.slice(r * n, r * n + n),
      /** @type {HTMLElement} */ (right[r]),
    ]);
  }
  layout.push([corner(), ...bottom, corner()]);

  const cells = h(
    'div',
    { class: 'digit-grid clued', style: `--n: ${n + 2}`, role: 'grid', 'aria-label': 'signal' },
    gridRows(layout),
  );
  const element = h('div', { class: 'board signal' }, [cells, digits.pad]);
  digits.attach(element);
  element.addEventListener('keydown', (event) => {
    if (digits.handleKey(event)) event.preventDefault();
  });
  cells.addEventListener('click', digits.handleClick);
  return {
    element,
    help: `Heights 1–${n}, each once per row and column. A clue counts the masts seen from its side (taller ones hide shorter). Click or arrows, type a digit, Backspace clears.`,
    complete: () => digits.complete() && clues.every((c) => c.element.classList.contains('kept')),
    solution: () => ({ grid: digits.text() }),
    snapshot: digits.text,
    setLocked: digits.setLocked,
    /** @returns {import('../api.js').HintPositions['signal']} */
    hintPosition: () => ({ grid: Array.from(digits.values) }),
    showHint: (hint) => markHint(digits.cells, hint, 'cell'),
  };
}
