// @ts-check
/**
 * Pattern (nonogram): fill cells so each row's and column's runs of filled cells match its clue.
 * Public puzzle `{width, height, rows, cols}`, solution `{cells: '0101…' row-major}`. Crosses are the
 * player's notes for "certainly empty" and count as empty. A clue is greyed once its line matches it.
 */

import { arrowStep, clamp, focusGoesTo, gridRows, h, markHint, rove, savedString } from './common.js';

const EMPTY = 0;
const FILLED = 1;
const CROSSED = 2;
const SYMBOL = ['0', '1', 'x'];
/** A cell as the hint route reads it: open, filled, or marked empty (a cross). */
const HINT_SYMBOL = ['.', '1', '0'];
/** A cell's state as a screen reader says it. */
const SPOKEN = ['empty', 'filled', 'crossed out'];

/** Runs of filled cells along a line. @param {number[]} line */
function runs(line) {
  /** @type {number[]} */
  const out = [];
  let run = 0;
  for (const v of line) {
    if (v === FILLED) run++;
    else if (run > 0) {
      out.push(run);
      run = 0;
    }
  }
  if (run > 0) out.push(run);
  return out;
}

/** @param {number[]} a @param {number[]} b */
const sameRuns = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The largest cell that keeps a big board within about 560 px. @param {number} width @param {number} height */
const maxCell = (width, height) => Math.max(16, Math.min(32, Math.floor(560 / Math.max(width, height))));

/**
 * The board's width in cells, row clues included: the stylesheet divides the width it has by this, so a
 * board shrinks to fit a phone. The clue text scales with the cell (a digit about 0.35 of a cell, the gap
 * between runs 0.2, the padding 0.3; see .row-clue).
 * @param {number} width
 * @param {number[][]} rows
 */
function span(width, rows) {
  const clueWidth = (/** @type {number[]} */ clue) =>
    clue.join('').length * 0.35 + Math.max(0, clue.length - 1) * 0.2 + 0.3;
  return (width + Math.max(1, ...rows.map(clueWidth))).toFixed(2);
}

/**
 * @param {unknown} puzzle
 * @param {import('./common.js').BoardContext} context
 * @returns {import('./common.js').Board}
 */
export function createBoard(puzzle, context) {
  const p = /** @type {{ width: number, height: number, rows: number[][], cols: number[][] }} */ (puzzle);
  const { width, height } = p;
  const state = new Uint8Array(width * height);
  const saved = savedString(context.saved, state.length, /[01x]/);
  if (saved) for (let i = 0; i < state.length; i++) state[i] = SYMBOL.indexOf(saved[i] ?? '0');

  let cursor = 0;
  let locked = false;
  /** What the left button paints: filled cells, or crosses. */
  let mode = FILLED;
  /** The state a drag is painting, or null when no button is down. */
  /** @type {number | null} */
  let painting = null;

  const colClues = p.cols.map((clue, c) =>
    h(
      'div',
      { class: 'clue col-clue', 'data-clue': `col${c}`, role: 'columnheader' },
      clue.map((k) => h('span', { text: k })),
    ),
  );
  const rowClues = p.rows.map((clue, r) =>
    h(
      'div',
      { class: 'clue row-clue', 'data-clue': `row${r}`, role: 'rowheader' },
      clue.map((k) => h('span', { text: k })),
    ),
  );
  /** @type {HTMLElement[]} */
  const cells = Array.from({ length: width * height }, (_, i) => {
    const r = Math.floor(i / width);
    const c = i % width;
    const classes = ['cell'];
    if (c % 5 === 4 && c < width - 1) classes.push('box-right');
    if (r % 5 === 4 && r < height - 1) classes.push('box-bottom');
    return h('div', { class: classes.join(' '), 'data-cell': `${r},${c}`, role: 'gridcell' });
  });

  /** @type {HTMLElement[][]} */
  const layout = [[h('div', { class: 'corner', role: 'gridcell' }), ...colClues]];
  for (let r = 0; r < height; r++) {
    layout.push([/** @type {HTMLElement} */ (rowClues[r]), ...cells.slice(r * width, (r + 1) * width)]);
  }
  const grid = h(
    'div',
    {
      class: 'pattern-grid',
      style: `--w: ${width}; --max-cell: ${maxCell(width, height)}px; --span: ${span(width, p.rows)}`,
      role: 'grid',
      'aria-label': 'pattern',
    },
    gridRows(layout),
  );

  const modeButtons = [FILLED, CROSSED].map((m) =>
    h('button', {
      type: 'button',
      'data-mode': m === FILLED ? 'fill' : 'cross',
      text: m === FILLED ? '■ fill' : '✕ cross',
      tabindex: -1,
    }),
  );
  const toolbar = h('div', { class: 'pad', role: 'group', 'aria-label': 'left button paints' }, modeButtons);
  toolbar.addEventListener('click', (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest('[data-mode]');
    if (!button) return;
    mode = button.getAttribute('data-mode') === 'cross' ? CROSSED : FILLED;
    paint();
  });

  const line = {
    /** @param {number} r */
    row: (r) => Array.from(state.subarray(r * width, (r + 1) * width)),
    /** @param {number} c */
    col: (c) => Array.from({ length: height }, (_, r) => state[r * width + c] ?? EMPTY),
  };

  /** What a screen reader says for cell `i`. @param {number} i */
  const cellLabel = (i) =>
    `row ${Math.floor(i / width) + 1}, column ${(i % width) + 1}, ${SPOKEN[state[i] ?? EMPTY]}`;
  /** @param {number[]} clue */
  const spokenClue = (clue) => (clue.length ? clue.join(' ') : 'none');

  function paint() {
    cells.forEach((cell, i) => {
      cell.classList.toggle('filled', state[i] === FILLED);
      cell.classList.toggle('crossed', state[i] === CROSSED);
      cell.classList.toggle('selected', i === cursor && !locked);
      cell.setAttribute('aria-label', cellLabel(i));
      cell.setAttribute('aria-selected', String(i === cursor));
      if (locked) cell.setAttribute('aria-readonly', 'true');
      else cell.removeAttribute('aria-readonly');
    });
    rowClues.forEach((el, r) => {
      const kept = sameRuns(runs(line.row(r)), p.rows[r] ?? []);
      el.classList.toggle('kept', kept);
      el.setAttribute(
        'aria-label',
        `row ${r + 1} clue: ${spokenClue(p.rows[r] ?? [])}${kept ? ', matched' : ''}`,
      );
    });
    colClues.forEach((el, c) => {
      const kept = sameRuns(runs(line.col(c)), p.cols[c] ?? []);
      el.classList.toggle('kept', kept);
      el.setAttribute(
        'aria-label',
        `column ${c + 1} clue: ${spokenClue(p.cols[c] ?? [])}${kept ? ', matched' : ''}`,
      );
    });
    modeButtons.forEach((b, k) => {
      b.setAttribute('aria-pressed', String((k === 0 ? FILLED : CROSSED) === mode));
    });
    rove(cells, cursor);
  }

  /** @param {number} i @param {number} value */
  function set(i, value) {
    if (locked || state[i] === value) return;
    state[i] = value;
    paint();
    context.announce(cellLabel(i));
    context.changed([i, value]);
  }

  /** @param {number} i @param {number} value the state a toggle aims at */
  const toggle = (i, value) => set(i, state[i] === value ? EMPTY : value);

  /** @param {PointerEvent} event */
  const cellAt = (event) => {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const cell = target?.closest('[data-cell]');
    return cell ? cells.indexOf(/** @type {HTMLElement} */ (cell)) : -1;
  };

  grid.addEventListener('contextmenu', (event) => event.preventDefault());
  grid.addEventListener('pointerdown', (event) => {
    const i = cellAt(event);
    if (i < 0 || locked) return;
    event.preventDefault();
    element.focus();
    // Captured, the drag keeps reporting here even over the clues; pointerup ends it wherever it happens.
    grid.setPointerCapture(event.pointerId);
    const aim = event.button === 2 || event.shiftKey ? CROSSED : mode;
    painting = state[i] === aim ? EMPTY : aim;
    cursor = i;
    set(i, painting);
    paint();
  });
  grid.addEventListener('pointermove', (event) => {
    if (painting === null) return;
    const i = cellAt(event);
    if (i >= 0) set(i, painting);
  });
  const endDrag = () => {
    painting = null;
  };
  grid.addEventListener('pointerup', endDrag);
  grid.addEventListener('pointercancel', endDrag);

  const element = h('div', { class: 'board pattern' }, [grid, toolbar]);
  focusGoesTo(element, () => cells[cursor]);
  element.addEventListener('keydown', (event) => {
    const step = arrowStep(event.key);
    if (step) {
      const r = clamp(Math.floor(cursor / width) + step[0], 0, height - 1);
      const c = clamp((cursor % width) + step[1], 0, width - 1);
      cursor = r * width + c;
      paint();
    } else if (event.key === ' ' || event.key === 'Enter' || event.key === 'f') toggle(cursor, FILLED);
    else if (event.key === 'x') toggle(cursor, CROSSED);
    else if (event.key === 'Backspace' || event.key === 'Delete') set(cursor, EMPTY);
    else return;
    event.preventDefault();
  });

  /**
   * Marks the hint's cells, and the clue of the row or column when the step reads a whole line.
   * @param {import('./common.js').Hint | null} hint
   */
  function showHint(hint) {
    markHint(cells, hint, 'cell');
    const involved = hint?.type === 'step' && hint.unit === 'cell' ? hint.involves : [];
    const first = involved[0] ?? -1;
    const row = Math.floor(first / width);
    const col = first % width;
    const wholeRow = involved.length === width && involved.every((i) => Math.floor(i / width) === row);
    const wholeCol = involved.length === height && involved.every((i) => i % width === col);
    rowClues.forEach((el, r) => {
      el.classList.toggle('hint-involved', wholeRow && r === row);
    });
    colClues.forEach((el, c) => {
      el.classList.toggle('hint-involved', wholeCol && c === col);
    });
  }

  paint();
  return {
    element,
    help: 'Click fills (right-click or Shift-click crosses; drag to paint). Keys: arrows move, Space fills, X crosses, Backspace clears. Runs of filled cells match the clues in order.',
    complete: () =>
      rowClues.every((el) => el.classList.contains('kept')) &&
      colClues.every((el) => el.classList.contains('kept')),
    solution: () => ({ cells: Array.from(state, (v) => (v === FILLED ? '1' : '0')).join('') }),
    snapshot: () => Array.from(state, (v) => SYMBOL[v]).join(''),
    setLocked(value) {
      locked = value;
      paint();
    },
    /** @returns {import('../api.js').HintPositions['pattern']} */
    hintPosition: () => ({ cells: Array.from(state, (v) => HINT_SYMBOL[v]).join('') }),
    showHint,
  };
}
