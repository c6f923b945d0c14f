// @ts-check
/**
 * An n×n grid of digits 1..n with givens, shared by sudoku and signal: click or arrow keys select a
 * cell, digit keys or the pad fill it, Backspace / Delete / 0 clear it. Repeated digits in a row, a
 * column (and a box when `box` is set) are marked: a rule, never the answer.
 */

import { arrowStep, clamp, focusGoesTo, h, rove, savedString } from './common.js';

/**
 * @typedef {object} DigitGrid
 * @property {HTMLElement[]} cells row-major, each with data-cell="row,col"
 * @property {HTMLElement} pad digit buttons for mouse and touch
 * @property {Uint8Array} values 0 = empty
 * @property {(event: KeyboardEvent) => boolean} handleKey true when the key was used
 * @property {(event: MouseEvent) => void} handleClick
 * @property {() => boolean} complete
 * @property {() => string} text the digits row-major ('.' for empty)
 * @property {(locked: boolean) => void} setLocked
 * @property {(board: HTMLElement) => void} attach the board root the cells live in: it hands the focus on
 *   to the current cell (a keyboard move takes the focus along: roving focus)
 */

/**
 * @param {{ n: number, givens: string, box: number | null, saved: unknown,
 *   changed: (entry: [number, number]) => void, announce: (message: string) => void,
 *   painted?: (values: Uint8Array) => void }} options
 * @returns {DigitGrid}
 */
export function createDigitGrid(options) {
  const { n, box } = options;
  const size = n * n;
  const values = new Uint8Array(size);
  const fixed = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const d = Number.parseInt(options.givens[i] ?? '.', 10);
    if (d >= 1 && d <= n) {
      values[i] = d;
      fixed[i] = 1;
    }
  }
  const saved = savedString(options.saved, size, new RegExp(`[.1-${n}]`));
  if (saved) {
    for (let i = 0; i < size; i++) if (!fixed[i]) values[i] = saved[i] === '.' ? 0 : Number(saved[i]);
  }

  let selected = Math.max(0, fixed.indexOf(0));
  let locked = false;

  /** @type {HTMLElement[]} */
  const cells = Array.from({ length: size }, (_, i) => {
    const r = Math.floor(i / n);
    const c = i % n;
    const classes = ['cell'];
    if (fixed[i]) classes.push('given');
    if (box && c % box === box - 1 && c < n - 1) classes.push('box-right');
    if (box && r % box === box - 1 && r < n - 1) classes.push('box-bottom');
    return h('div', { class: classes.join(' '), 'data-cell': `${r},${c}`, role: 'gridcell' });
  });

  /** Indices of cells whose digit repeats in one of their units. */
  function conflicts() {
    const bad = new Set();
    /** @param {number[]} unit */
    const scan = (unit) => {
      const seen = new Map();
      for (const i of unit) {
        const d = values[i];
        if (!d) continue;
        const other = seen.get(d);
        if (other !== undefined) {
          bad.add(i);
          bad.add(other);
        } else seen.set(d, i);
      }
    };
    for (let k = 0; k < n; k++) {
      scan(Array.from({ length: n }, (_, j) => k * n + j));
      scan(Array.from({ length: n }, (_, j) => j * n + k));
    }
    if (box) {
      for (let br = 0; br < n; br += box) {
        for (let bc = 0; bc < n; bc += box) {
          scan(Array.from({ length: box * box }, (_, j) => (br + Math.floor(j / box)) * n + bc + (j % box)));
        }
      }
    }
    return bad;
  }

  /**
   * What a screen reader says for a cell: where it is, what it holds, and whether it breaks a rule.
   * @param {number} i
   * @param {boolean} repeated
   */
  function cellLabel(i, repeated) {
    const d = values[i] ?? 0;
    const where = `row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`;
    const what = d ? `${d}${fixed[i] ? ', given' : ''}` : 'empty';
    return `${where}, ${what}${repeated ? ', repeated in its row, column or box' : ''}`;
  }

  function paint() {
    const bad = conflicts();
    const current = values[selected] ?? 0;
    cells.forEach((cell, i) => {
      const d = values[i] ?? 0;
      cell.textContent = d ? String(d) : '';
      cell.classList.toggle('selected', i === selected && !locked);
      cell.classList.toggle('conflict', bad.has(i));
      cell.classList.toggle('same', !locked && d !== 0 && d === current && i !== selected);
      cell.setAttribute('aria-label', cellLabel(i, bad.has(i)));
      cell.setAttribute('aria-selected', String(i === selected));
      if (fixed[i] || locked) cell.setAttribute('aria-readonly', 'true');
      else cell.removeAttribute('aria-readonly');
    });
    options.painted?.(values);
    rove(cells, selected);
  }

  /** @param {number} d 0 clears */
  function set(d) {
    if (locked || fixed[selected] || values[selected] === d) return;
    values[selected] = d;
    paint();
    options.announce(cellLabel(selected, conflicts().has(selected)));
    options.changed([selected, d]);
  }

  const pad = h('div', { class: 'pad', role: 'group', 'aria-label': 'digits' }, [
    ...Array.from({ length: n }, (_, k) =>
      h('button', { type: 'button', 'data-digit': k + 1, text: k + 1, tabindex: -1 }),
    ),
    h('button', { type: 'button', 'data-digit': 0, text: '⌫', 'aria-label': 'erase', tabindex: -1 }),
  ]);
  pad.addEventListener('click', (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest('[data-digit]');
    if (button) set(Number(button.getAttribute('data-digit')));
  });

  paint();
  return {
    cells,
    pad,
    values,
    handleKey(event) {
      const step = arrowStep(event.key);
      if (step) {
        const r = clamp(Math.floor(selected / n) + step[0], 0, n - 1);
        const c = clamp((selected % n) + step[1], 0, n - 1);
        selected = r * n + c;
        paint();
        return true;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      const d = Number.parseInt(event.key, 10);
      if (d >= 1 && d <= n) {
        set(d);
        return true;
      }
      if (event.key === 'Backspace' || event.key === 'Delete' || event.key === '0') {
        set(0);
        return true;
      }
      return false;
    },
    handleClick(event) {
      const cell = /** @type {HTMLElement} */ (event.target).closest('[data-cell]');
      const i = cell ? cells.indexOf(/** @type {HTMLElement} */ (cell)) : -1;
      if (i >= 0) {
        selected = i;
        paint();
      }
    },
    complete: () => values.every((d) => d > 0) && conflicts().size === 0,
    text: () => Array.from(values, (d) => (d ? String(d) : '.')).join(''),
    setLocked(value) {
      locked = value;
      paint();
    },
    attach(board) {
      focusGoesTo(board, () => cells[selected]);
    },
  };
}
