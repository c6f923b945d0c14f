// @ts-check
/**
 * What every kind's board offers the page, and small DOM helpers. A kind module exports
 * `createBoard(puzzle, context)`; the page never looks inside a board.
 */

/**
 * @typedef {object} Board
 * @property {HTMLElement} element focusable root; it handles its own mouse and keyboard input
 * @property {string} help how to play it, one line
 * @property {() => boolean} complete true when the position is worth submitting (rules only, no answer)
 * @property {() => unknown} solution the position in the kind's interchange solution format
 * @property {() => unknown} snapshot progress to keep across reloads (JSON)
 * @property {(locked: boolean) => void} setLocked a locked board ignores input (after a ranked solve)
 * @property {() => import('../api.js').HintPosition} hintPosition the position in the kind's hint position format
 *   (the body of POST /v1/puzzles/{date}/{kind}/{level}/hint)
 * @property {(hint: Hint | null) => void} showHint marks what a hint names on the board (null clears)
 */

/** @typedef {import('../daily-puzzles/client/index.js').HintAnswer['hint']} Hint */
/** @typedef {Extract<Hint, { unit: unknown }>['unit']} HintUnit */

/**
 * @typedef {object} BoardContext
 * @property {(entry?: [number, number]) => void} changed call after every change of the position, with the
 *   move-log entry `[a, b]` of the player's move in the kind's format (GET /v1/kinds); none for a change
 *   that is not a move (colour sort learning what the server revealed)
 * @property {() => void} retracted colour sort only: the last move was undone, so it leaves the log
 * @property {(message: string, tone?: 'info' | 'error') => void} say a short message under the board
 * @property {(message: string) => void} announce tells screen readers what a move changed (a live region,
 *   unseen): the focused cell's own name changes too, but a changed name is not read out again
 * @property {(moves: [number, number][]) => Promise<import('../api.js').TubesView>} reveal colour sort only
 * @property {unknown} saved a snapshot from an earlier visit, or undefined
 */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean>} [attrs] `class`, `text`, data-*, aria-*, or any attribute
 * @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    if (name === 'text') node.textContent = String(value);
    // Through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    else if (name === 'style') node.style.cssText = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number>} [attrs]
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/**
 * Marks on a board's elements what a hint names: what its step looks at (`hint-involved`), where it
 * concludes (`hint-concludes`), or a mistake's wrong entry (`hint-mistake`). `elements` are indexed as the
 * hint's `unit` counts (cells row-major, edges, tubes); a hint of another unit, or null, clears them.
 * @param {readonly Element[]} elements
 * @param {Hint | null} hint
 * @param {HintUnit} unit
 */
export function markHint(elements, hint, unit) {
  const named = hint && 'unit' in hint && hint.unit === unit ? hint : null;
  const concluded = new Set(named?.type === 'step' ? named.concludes.map((c) => c.at) : []);
  const involved = new Set(named?.type === 'step' ? named.involves : []);
  elements.forEach((element, i) => {
    element.classList.toggle('hint-involved', involved.has(i) && !concluded.has(i));
    element.classList.toggle('hint-concludes', concluded.has(i));
    element.classList.toggle('hint-mistake', named?.type === 'mistake' && named.at === i);
  });
}

/**
 * The rows of an ARIA grid (https://www.w3.org/WAI/ARIA/apg/patterns/grid/): each list of cells wrapped in
 * an element of role row. The rows are `display: contents` (style.css, `.grid-row`), so the grid's CSS
 * layout still sees the cells as its own children.
 * @param {HTMLElement[][]} rows
 * @returns {HTMLElement[]}
 */
export const gridRows = (rows) => rows.map((cells) => h('div', { class: 'grid-row', role: 'row' }, cells));

/**
 * Roving focus over a board's cells: only `current` is in the tab order, and it takes the focus when another
 * of the cells has it (a keyboard move), never from a button of the board or from elsewhere on the page.
 * @param {readonly (HTMLElement | SVGElement)[]} cells
 * @param {number} current
 */
export function rove(cells, current) {
  cells.forEach((cell, i) => {
    cell.setAttribute('tabindex', i === current ? '0' : '-1');
  });
  const target = cells[current];
  const focused = document.activeElement;
  if (target && focused !== target && cells.some((cell) => cell === focused)) target.focus();
}

/**
 * A board root that hands the focus to its current cell: the page focuses the board after Start, and the
 * cell in the tab order is the one to receive it.
 * @param {HTMLElement} board
 * @param {() => HTMLElement | SVGElement | undefined} current
 */
export function focusGoesTo(board, current) {
  board.setAttribute('tabindex', '-1');
  board.addEventListener('focus', () => current()?.focus());
}

/** Arrow keys as a step on a grid, or null. @param {string} key @returns {[number, number] | null} */
export function arrowStep(key) {
  switch (key) {
    case 'ArrowUp':
      return [-1, 0];
    case 'ArrowDown':
      return [1, 0];
    case 'ArrowLeft':
      return [0, -1];
    case 'ArrowRight':
      return [0, 1];
    default:
      return null;
  }
}

/** @param {number} value @param {number} low @param {number} high */
export const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

/**
 * A saved string of the right length over the allowed characters, or null.
 * @param {unknown} saved
 * @param {number} length
 * @param {RegExp} allowed matches one character
 */
export function savedString(saved, length, allowed) {
  if (typeof saved !== 'string' || saved.length !== length) return null;
  return [...saved].every((ch) => allowed.test(ch)) ? saved : null;
}
