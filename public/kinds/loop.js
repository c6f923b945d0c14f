// @ts-check
/**
 * Loop (slitherlink): draw one closed loop along the grid lines; a number counts the loop's edges
 * around its cell. Public puzzle `{width, height, clues: digits and '.'}`, solution `{edges}`: all
 * horizontal edges row-major, then all vertical edges row-major, '1' on the loop.
 */

import { arrowStep, clamp, focusGoesTo, h, markHint, rove, s, savedString } from './common.js';

const UNKNOWN = 0;
const LINE = 1;
const CROSS = 2;
const SYMBOL = ['0', '1', 'x'];
/** An edge as the hint route reads it: open, a line, or crossed out. */
const HINT_SYMBOL = ['.', '1', 'x'];
/** An edge's state as a screen reader says it. */
const SPOKEN = ['open', 'line', 'crossed out'];
/** The sides of a cell in the order `sides` lists their edges. */
const SIDE_NAMES = ['top', 'left', 'bottom', 'right'];

/**
 * @param {unknown} puzzle
 * @param {import('./common.js').BoardContext} context
 * @returns {import('./common.js').Board}
 */
export function createBoard(puzzle, context) {
  const p = /** @type {{ width: number, height: number, clues: string }} */ (puzzle);
  const W = p.width;
  const H = p.height;
  const horizontal = (H + 1) * W;
  const edgeCount = horizontal + H * (W + 1);
  const state = new Uint8Array(edgeCount);
  const saved = savedString(context.saved, edgeCount, /[01x]/);
  if (saved) for (let i = 0; i < edgeCount; i++) state[i] = SYMBOL.indexOf(saved[i] ?? '0');

  /** Edge indices around cell (r, c): top, left, bottom, right. @param {number} r @param {number} c */
  const sides = (r, c) => {
    const left = horizontal + r * (W + 1) + c;
    return [r * W + c, left, (r + 1) * W + c, left + 1];
  };
  /** The two dots an edge joins, as (row, col). @param {number} e @returns {[number, number, number, number]} */
  const ends = (e) => {
    if (e < horizontal) {
      const r = Math.floor(e / W);
      const c = e % W;
      return [r, c, r, c + 1];
    }
    const k = e - horizontal;
    const r = Math.floor(k / (W + 1));
    const c = k % (W + 1);
    return [r, c, r + 1, c];
  };

  const unit = Math.max(28, Math.min(60, Math.floor(520 / Math.max(W, H))));
  const margin = Math.round(unit * 0.5);
  const size = { width: W * unit + 2 * margin, height: H * unit + 2 * margin };
  // The viewBox lets the stylesheet shrink a big board to a phone's width, hit areas included. For assistive
  // technology it is an ARIA grid of the cells (one focusable square per cell, under everything drawn),
  // each named with its clue and its four edges; the drawing itself is hidden from it.
  const svg = s('svg', {
    class: 'loop-grid',
    ...size,
    viewBox: `0 0 ${size.width} ${size.height}`,
    role: 'grid',
    'aria-label': 'loop',
  });
  /** @type {SVGRectElement[]} */
  const cellTargets = [];
  for (let r = 0; r < H; r++) {
    const row = s('g', { role: 'row' });
    for (let c = 0; c < W; c++) {
      const target = s('rect', {
        class: 'cell-target',
        x: margin + c * unit,
        y: margin + r * unit,
        width: unit,
        height: unit,
        role: 'gridcell',
        'data-cell': `${r},${c}`,
      });
      cellTargets.push(target);
      row.append(target);
    }
    svg.append(row);
  }
  const drawing = s('g', { 'aria-hidden': 'true' });
  svg.append(drawing);
  const cursorMark = s('rect', { class: 'cursor', width: unit, height: unit, rx: 4 });
  drawing.append(cursorMark);

  /** @type {{ element: SVGTextElement, value: number, r: number, c: number }[]} */
  const clues = [];
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const ch = p.clues[r * W + c] ?? '.';
      if (ch === '.') continue;
      const element = s('text', {
        class: 'clue',
        x: margin + (c + 0.5) * unit,
        y: margin + (r + 0.5) * unit,
        'font-size': Math.round(unit * 0.5),
        'data-clue': `${r},${c}`,
      });
      element.textContent = ch;
      drawing.append(element);
      clues.push({ element, value: Number(ch), r, c });
    }
  }

  const edges = Array.from({ length: edgeCount }, (_, e) => {
    const [r1, c1, r2, c2] = ends(e);
    const at = {
      x1: margin + c1 * unit,
      y1: margin + r1 * unit,
      x2: margin + c2 * unit,
      y2: margin + r2 * unit,
    };
    const mx = (at.x1 + at.x2) / 2;
    const my = (at.y1 + at.y2) / 2;
    const d = unit * 0.12;
    // The clickable band along the edge: a filled rectangle (a stroke would not count as the edge's box).
    const thick = Math.round(unit * 0.45);
    const long = r1 === r2;
    const g = s('g', { class: 'edge', 'data-edge': e });
    g.append(
      s('rect', {
        class: 'hit',
        x: long ? at.x1 + thick / 4 : at.x1 - thick / 2,
        y: long ? at.y1 - thick / 2 : at.y1 + thick / 4,
        width: long ? unit - thick / 2 : thick,
        height: long ? thick : unit - thick / 2,
        rx: thick / 3,
      }),
      s('line', { ...at, class: 'line' }),
      s('path', {
        class: 'cross',
        d: `M${mx - d},${my - d}L${mx + d},${my + d}M${mx - d},${my + d}L${mx + d},${my - d}`,
      }),
    );
    drawing.append(g);
    return g;
  });
  for (let r = 0; r <= H; r++) {
    for (let c = 0; c <= W; c++) {
      drawing.append(
        s('circle', {
          class: 'dot',
          cx: margin + c * unit,
          cy: margin + r * unit,
          r: Math.max(2, unit / 14),
        }),
      );
    }
  }

  let cursor = 0;
  let locked = false;

  /** Whether the lines form exactly one closed loop. */
  function loopStatus() {
    /** Neighbouring dots along the lines, per dot. @type {Map<number, number[]>} */
    const next = new Map();
    let lines = 0;
    for (let e = 0; e < edgeCount; e++) {
      if (state[e] !== LINE) continue;
      lines++;
      const [r1, c1, r2, c2] = ends(e);
      const a = r1 * (W + 1) + c1;
      const b = r2 * (W + 1) + c2;
      next.set(a, [...(next.get(a) ?? []), b]);
      next.set(b, [...(next.get(b) ?? []), a]);
    }
    if (lines === 0 || [...next.values()].some((list) => list.length !== 2)) return false;
    // Every dot on a line has two, so the lines are disjoint cycles: one cycle iff one walk covers them all.
    const start = /** @type {number} */ (next.keys().next().value);
    let previous = -1;
    let dot = start;
    let steps = 0;
    do {
      const [a, b] = /** @type {number[]} */ (next.get(dot));
      const forward = a === previous ? b : a;
      previous = dot;
      dot = /** @type {number} */ (forward);
      steps++;
    } while (dot !== start);
    return steps === lines;
  }

  /** The clue of cell (r, c), if any. @param {number} r @param {number} c */
  const clueAt = (r, c) => clues.find((clue) => clue.r === r && clue.c === c);

  /** What a screen reader says for cell `i`: where, its clue and how it stands, its four edges. @param {number} i */
  function cellLabel(i) {
    const r = Math.floor(i / W);
    const c = i % W;
    const around = sides(r, c);
    const lines = around.filter((e) => state[e] === LINE).length;
    const clue = clueAt(r, c);
    const clueText = clue
      ? `, clue ${clue.value}, ${lines} ${lines === 1 ? 'line' : 'lines'}${lines > clue.value ? ', too many' : lines === clue.value ? ', met' : ''}`
      : '';
    const edgeText = around.map((e, k) => `${SIDE_NAMES[k]} ${SPOKEN[state[e] ?? UNKNOWN]}`).join(', ');
    return `row ${r + 1}, column ${c + 1}${clueText}; ${edgeText}`;
  }

  function paint() {
    cellTargets.forEach((target, i) => {
      target.setAttribute('aria-label', cellLabel(i));
      target.setAttribute('aria-selected', String(i === cursor));
      if (locked) target.setAttribute('aria-readonly', 'true');
      else target.removeAttribute('aria-readonly');
    });
    edges.forEach((g, e) => {
      g.classList.toggle('on', state[e] === LINE);
      g.classList.toggle('off', state[e] === CROSS);
    });
    for (const { element, value, r, c } of clues) {
      const count = sides(r, c).filter((e) => state[e] === LINE).length;
      element.classList.toggle('kept', count === value);
      element.classList.toggle('broken', count > value);
    }
    const r = Math.floor(cursor / W);
    const c = cursor % W;
    cursorMark.setAttribute('x', String(margin + c * unit));
    cursorMark.setAttribute('y', String(margin + r * unit));
    cursorMark.classList.toggle('hidden', locked);
    rove(cellTargets, cursor);
  }

  /**
   * @param {number} e
   * @param {number} value the state a toggle aims at
   * @param {string} [named] the edge as the player reached it ("top edge of row 2, column 3"), to announce
   */
  function toggle(e, value, named) {
    if (locked) return;
    state[e] = state[e] === value ? UNKNOWN : value;
    paint();
    context.announce(`${named ?? edgeName(e)}: ${SPOKEN[state[e] ?? UNKNOWN]}`);
    context.changed([e, state[e] ?? UNKNOWN]);
  }

  /** An edge in words, by the two dots it joins. @param {number} e */
  function edgeName(e) {
    const [r1, c1, r2, c2] = ends(e);
    return `edge between dot ${r1 + 1},${c1 + 1} and dot ${r2 + 1},${c2 + 1}`;
  }

  svg.addEventListener('contextmenu', (event) => event.preventDefault());
  svg.addEventListener('pointerdown', (event) => {
    const g = /** @type {Element} */ (event.target).closest('[data-edge]');
    if (!g) return;
    event.preventDefault();
    element.focus();
    toggle(Number(g.getAttribute('data-edge')), event.button === 2 || event.shiftKey ? CROSS : LINE);
  });

  const KEY_SIDE = { w: 0, a: 1, s: 2, d: 3 };
  const element = h('div', { class: 'board loop' }, [svg]);
  focusGoesTo(element, () => cellTargets[cursor]);
  element.addEventListener('keydown', (event) => {
    const step = arrowStep(event.key);
    const side = KEY_SIDE[/** @type {keyof typeof KEY_SIDE} */ (event.key.toLowerCase())];
    if (step) {
      const r = clamp(Math.floor(cursor / W) + step[0], 0, H - 1);
      const c = clamp((cursor % W) + step[1], 0, W - 1);
      cursor = r * W + c;
      paint();
    } else if (side !== undefined && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const r = Math.floor(cursor / W);
      const c = cursor % W;
      const e = /** @type {number} */ (sides(r, c)[side]);
      toggle(e, event.shiftKey ? CROSS : LINE, `${SIDE_NAMES[side]} edge of row ${r + 1}, column ${c + 1}`);
    } else return;
    event.preventDefault();
  });

  paint();
  return {
    element,
    help: 'Click an edge to draw (right-click or Shift-click marks ✕). Keys: arrows move the cell cursor, W A S D draw its top, left, bottom, right edge (Shift: ✕). One closed loop; each number counts its cell’s loop edges.',
    complete: () => clues.every((c) => c.element.classList.contains('kept')) && loopStatus(),
    solution: () => ({ edges: Array.from(state, (v) => (v === LINE ? '1' : '0')).join('') }),
    snapshot: () => Array.from(state, (v) => SYMBOL[v]).join(''),
    setLocked(value) {
      locked = value;
      paint();
    },
    /** @returns {import('../api.js').HintPositions['loop']} */
    hintPosition: () => ({ edges: Array.from(state, (v) => HINT_SYMBOL[v]).join('') }),
    showHint: (hint) => markHint(edges, hint, 'edge'),
  };
}
