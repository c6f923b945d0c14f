// @ts-check
/**
 * Colour sort with hidden colours: pour the whole same-colour run on top of one tube onto an empty tube
 * or a matching top with room for it, until every tube is empty or full of one colour. The bottom units
 * start hidden; the page learns a colour only from the reveal route, once that unit has reached the top.
 * Solution `{moves: [[from, to], …]}`.
 *
 * The page keeps its own unit ids so that undo can put units back and keep what they revealed (the
 * original colour-sort game's rule); a move that completes a tube cannot be undone, nor anything before it.
 */

import { ApiError } from '../api.js';
import { focusGoesTo, h, markHint, rove } from './common.js';

const PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#42d4f4',
  '#f032e6',
  '#bfef45',
  '#fabed4',
  '#469990',
  '#9a6324',
];
/** A letter per colour, so colours never have to be told apart by hue alone. */
const LETTERS = 'ABCDEFGHIJKL';

/** Black or white, whichever reads better on `hex` (WCAG relative luminance; AA needs 4.5:1). @param {string} hex */
function inkOn(hex) {
  const channel = (/** @type {number} */ k) => {
    const v = Number.parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}

/**
 * @typedef {{ from: number, to: number, amount: number }} Pour
 * @typedef {{ moves: [number, number][], amounts: number[], undoFloor: number, colours: (number | null)[],
 *   cleared?: boolean }} Snapshot
 */

/**
 * @param {unknown} puzzle `{ capacity, tubes }`, hidden units null
 * @param {import('./common.js').BoardContext} context
 * @returns {import('./common.js').Board}
 */
export function createBoard(puzzle, context) {
  const start = /** @type {import('../api.js').TubesView} */ (puzzle);
  const { capacity } = start;
  let nextId = 0;
  const initialIds = start.tubes.map((t) => t.map(() => nextId++));
  /** Colour of every unit as far as the player has seen it. @type {(number | null)[]} */
  let colours = start.tubes.flat();
  const ids = initialIds.map((t) => t.slice());
  /** @type {Pour[]} */
  let history = [];
  let undoFloor = 0;
  let cleared = false;
  /** @type {number | null} */
  let selected = null;
  let busy = false;
  let locked = false;
  /** The tube in the tab order (roving focus): the one the keyboard was last on. */
  let focusIndex = 0;

  /** @param {Pour} pour */
  const pourIds = ({ from, to, amount }) => {
    const src = /** @type {number[]} */ (ids[from]);
    const dst = /** @type {number[]} */ (ids[to]);
    for (let k = 0; k < amount; k++) dst.push(/** @type {number} */ (src.pop()));
  };

  const saved = /** @type {Partial<Snapshot> | undefined} */ (context.saved);
  if (
    saved &&
    Array.isArray(saved.moves) &&
    Array.isArray(saved.amounts) &&
    saved.amounts.length === saved.moves.length &&
    Array.isArray(saved.colours) &&
    saved.colours.length === colours.length
  ) {
    const moves = saved.moves;
    history = saved.amounts.map((amount, k) => {
      const [from, to] = /** @type {[number, number]} */ (moves[k]);
      return { from, to, amount };
    });
    history.forEach(pourIds);
    colours = saved.colours;
    undoFloor = Math.min(saved.undoFloor ?? 0, history.length);
    // What the server said last time, so the page's clock knows at once; the reveal below confirms it.
    cleared = saved.cleared === true;
  }

  const tubes = start.tubes.map((_, i) =>
    h('button', {
      type: 'button',
      class: 'tube',
      'data-tube': i,
      'data-label': i + 1,
      style: `--capacity: ${capacity}`,
    }),
  );
  const rack = h('div', { class: 'rack', role: 'group', 'aria-label': 'tubes' }, tubes);
  const undoButton = h('button', { type: 'button', 'data-action': 'undo', text: '↶ undo' });
  const counter = h('span', { class: 'counter' });
  const element = h('div', { class: 'board colorsort' }, [
    rack,
    h('div', { class: 'pad' }, [undoButton, counter]),
  ]);
  focusGoesTo(element, () => tubes[focusIndex]);
  rack.addEventListener('focusin', (event) => {
    const i = tubes.indexOf(/** @type {HTMLButtonElement} */ (event.target));
    if (i >= 0 && i !== focusIndex) {
      focusIndex = i;
      rove(tubes, focusIndex);
    }
  });

  /** @param {number | null} c */
  const unitLabel = (c) => (c === null ? 'hidden' : `colour ${LETTERS[c] ?? c}`);

  /** Tube `i` in words, bottom to top. @param {number} i */
  const tubeText = (i) => {
    const content = (ids[i] ?? []).map((id) => unitLabel(colours[id] ?? null)).join(', ');
    return `tube ${i + 1}: ${content || 'empty'}`;
  };

  function paint() {
    tubes.forEach((button, i) => {
      // The letters are what the eye reads; the name comes from the words beside them, so that the
      // accessible name is the tube's whole content rather than a run of letters.
      const units = (ids[i] ?? []).map((id) => {
        const c = colours[id] ?? null;
        if (c === null) return h('span', { class: 'unit hidden', text: '?', 'aria-hidden': 'true' });
        const hue = /** @type {string} */ (PALETTE[c % PALETTE.length]);
        return h('span', {
          class: 'unit',
          style: `background-color: ${hue}; --unit-ink: ${inkOn(hue)}`,
          'data-colour': c % PALETTE.length,
          text: LETTERS[c] ?? c,
          'aria-hidden': 'true',
        });
      });
      // The words last: `.unit:first-child` is the bottom of the tube.
      button.replaceChildren(...units, h('span', { class: 'visually-hidden', text: tubeText(i) }));
      button.classList.toggle('selected', i === selected);
      button.setAttribute('aria-pressed', String(i === selected));
      button.disabled = busy || locked;
    });
    rove(tubes, focusIndex);
    const hidden = ids.flat().filter((id) => colours[id] === null).length;
    counter.textContent = `${history.length} moves · ${hidden} hidden`;
    undoButton.disabled = busy || locked || history.length <= undoFloor;
    element.toggleAttribute('data-busy', busy);
  }

  /** Merges what the server showed: colours it names become known, nulls never erase what was seen. */
  /** @param {import('../api.js').TubesView} view */
  function learn(view) {
    view.tubes.forEach((tube, i) => {
      tube.forEach((c, k) => {
        const id = ids[i]?.[k];
        if (c !== null && id !== undefined) colours[id] = c;
      });
    });
    cleared = view.cleared;
    if (locked) return;
    if (view.cleared) context.say('Sorted and every colour seen: submit!');
    else if (view.sorted) {
      // The server counts a unit as seen only if it reached the top in this move list, not in undone moves.
      context.say(`Sorted, but ${view.hidden} unit(s) never reached the top in these moves`, 'error');
    } else context.say('');
  }

  /** @param {number} i */
  const completes = (i) => {
    const tube = ids[i] ?? [];
    const first = colours[tube[0] ?? -1];
    return tube.length === capacity && first != null && tube.every((id) => colours[id] === first);
  };

  /** @param {number} from @param {number} to */
  async function pour(from, to) {
    const src = ids[from] ?? [];
    const dst = ids[to] ?? [];
    const top = (/** @type {number[]} */ t) => (t.length ? (colours[t[t.length - 1] ?? -1] ?? null) : null);
    if (src.length === 0) return context.say(`Tube ${from + 1} is empty`, 'error');
    if (dst.length >= capacity) return context.say(`Tube ${to + 1} is full`, 'error');
    if (dst.length > 0 && top(src) !== null && top(dst) !== null && top(src) !== top(dst)) {
      return context.say(`Tube ${to + 1} shows another colour on top`, 'error');
    }
    // Disabled buttons drop the focus; a keyboard player gets it back on the target tube afterwards.
    const hadFocus = element.contains(document.activeElement);
    busy = true;
    paint();
    try {
      const moves = /** @type {[number, number][]} */ ([...history.map((m) => [m.from, m.to]), [from, to]]);
      const view = await context.reveal(moves);
      const amount = src.length - (view.tubes[from]?.length ?? src.length);
      if (amount <= 0 || dst.length + amount !== view.tubes[to]?.length) {
        throw new Error('the server and the page disagree about the tubes; reload the page');
      }
      history.push({ from, to, amount });
      pourIds({ from, to, amount });
      learn(view);
      context.announce(`Poured ${amount} from tube ${from + 1}. Now ${tubeText(from)}; ${tubeText(to)}`);
      if (completes(to)) undoFloor = history.length;
      context.changed([from, to]);
    } catch (error) {
      context.say(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      busy = false;
      paint();
      if (hadFocus && !element.contains(document.activeElement)) {
        focusIndex = to;
        rove(tubes, focusIndex);
        tubes[to]?.focus();
      }
    }
  }

  function undo() {
    if (busy || locked) return;
    if (history.length <= undoFloor) {
      context.say(
        history.length ? 'A move that completed a tube cannot be undone' : 'Nothing to undo',
        'error',
      );
      return;
    }
    const last = /** @type {Pour} */ (history.pop());
    pourIds({ from: last.to, to: last.from, amount: last.amount });
    // Every move out of a cleared position completes a tube, so undo never lands on a cleared one.
    cleared = false;
    selected = null;
    context.say('');
    paint();
    context.retracted();
  }

  /** @param {number} i */
  function pick(i) {
    if (busy || locked || i < 0 || i >= tubes.length) return;
    if (selected === null) {
      if ((ids[i] ?? []).length === 0) return context.say(`Tube ${i + 1} is empty`, 'error');
      selected = i;
      paint();
    } else if (selected === i) {
      selected = null;
      paint();
    } else {
      const from = selected;
      selected = null;
      void pour(from, i);
    }
  }

  /**
   * The tube an arrow key moves the focus to from tube `from` (-1: none focused): left and right along the
   * rack, wrapping around; up and down to the nearest tube in the wrapped row above or below.
   * @param {string} key
   * @param {number} from
   */
  function tubeAfter(key, from) {
    const count = tubes.length;
    if (key === 'ArrowRight') return from < 0 ? 0 : (from + 1) % count;
    if (key === 'ArrowLeft') return from < 0 ? count - 1 : (from - 1 + count) % count;
    if (from < 0) return 0;
    const box = (/** @type {number} */ i) => /** @type {HTMLElement} */ (tubes[i]).getBoundingClientRect();
    const here = box(from);
    const down = key === 'ArrowDown';
    let best = from;
    let bestScore = Infinity;
    tubes.forEach((_, i) => {
      const there = box(i);
      const rows = down ? there.top - here.bottom : here.top - there.bottom;
      if (rows <= 0) return;
      const score = rows * 1000 + Math.abs(there.left - here.left);
      if (score < bestScore) {
        best = i;
        bestScore = score;
      }
    });
    return best;
  }

  rack.addEventListener('click', (event) => {
    const tube = /** @type {HTMLElement} */ (event.target).closest('[data-tube]');
    if (tube) pick(Number(tube.getAttribute('data-tube')));
  });
  undoButton.addEventListener('click', undo);
  element.addEventListener('keydown', (event) => {
    const focused = tubes.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (
      event.key === 'u' ||
      event.key === 'Backspace' ||
      (event.key === 'z' && (event.ctrlKey || event.metaKey))
    ) {
      undo();
    } else if (event.key === 'Escape') {
      selected = null;
      paint();
    } else if (/^[0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      pick((Number(event.key) + 9) % 10);
    } else if (/^Arrow(Left|Right|Up|Down)$/.test(event.key)) {
      focusIndex = tubeAfter(event.key, focused < 0 ? (selected ?? -1) : focused);
      rove(tubes, focusIndex);
      tubes[focusIndex]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      focusIndex = event.key === 'Home' ? 0 : tubes.length - 1;
      rove(tubes, focusIndex);
      tubes[focusIndex]?.focus();
    } else return;
    event.preventDefault();
  });

  paint();
  if (history.length > 0) {
    // Restored progress: ask once where the server stands, for the cleared state.
    busy = true;
    paint();
    context
      .reveal(history.map((m) => [m.from, m.to]))
      .then(learn, (error) => context.say(error instanceof ApiError ? error.message : String(error), 'error'))
      .finally(() => {
        busy = false;
        paint();
        context.changed();
      });
  }

  return {
    element,
    help: 'Click a tube, then the tube to pour into. Keys: arrows move between tubes and Enter picks the one in focus (every tube), 1–9 and 0 pick tubes 1–10 at once, U undoes, Esc drops. A pour moves the whole run of one colour. Hidden units (?) show their colour once they reach the top.',
    complete: () => cleared,
    solution: () => ({ moves: history.map((m) => [m.from, m.to]) }),
    snapshot: () =>
      /** @type {Snapshot} */ ({
        moves: history.map((m) => [m.from, m.to]),
        amounts: history.map((m) => m.amount),
        undoFloor,
        colours,
        cleared,
      }),
    setLocked(value) {
      locked = value;
      selected = null;
      paint();
    },
    /** @returns {import('../api.js').HintPositions['colorsort']} */
    hintPosition: () => ({ moves: history.map((m) => [m.from, m.to]) }),
    showHint(hint) {
      markHint(tubes, hint, 'tube');
      // A mistake names a move of the list: the board shows its two tubes.
      const wrong = hint?.type === 'mistake' && hint.unit === 'move' ? history[hint.at] : undefined;
      if (wrong) for (const i of [wrong.from, wrong.to]) tubes[i]?.classList.add('hint-mistake');
    },
  };
}
