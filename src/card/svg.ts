import { CARD_HEIGHT, CARD_WIDTH, type ShareCard } from '../contract/shares.js';
import { escapeMarkup } from './escape.js';
import { clockTime, filledSquares, puzzleLabel, ROW_LENGTH, rankLabel, streakLabel } from './figures.js';

const MARGIN = 72;
/** Where the puzzle rows begin and end. */
const ROWS_TOP = 220;
const ROWS_BOTTOM = 560;
/** One column holds this many rows; a day with more puzzles (up to every kind's every level) takes two. */
const ONE_COLUMN_MAX = 5;
const ROW_HEIGHT_MAX = 68;

const COLOURS = {
  background: '#0f172a',
  title: '#f8fafc',
  muted: '#94a3b8',
  streak: '#fb923c',
  filled: '#22c55e',
  empty: '#334155',
};

function text(x: number, y: number, size: number, fill: string, content: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeMarkup(content)}</text>`;
}

/**
 * The card as SVG, 1200×630, from the card's figures alone: the title and date, the streak, and a row per
 * puzzle (its label, time, rank and a row of boxes filled by its score). Text is set in the bundled Inter
 * (src/card/fonts); nothing is loaded from anywhere.
 */
export function cardSvg(card: ShareCard): string {
  const parts: string[] = [
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.background}"/>`,
    text(MARGIN, 120, 64, COLOURS.title, 'Daily puzzles', ' font-weight="700"'),
    text(MARGIN, 176, 36, COLOURS.muted, card.date),
  ];
  const streak = streakLabel(card.streak);
  if (streak !== null) {
    parts.push(
      text(CARD_WIDTH - MARGIN, 120, 40, COLOURS.streak, streak, ' font-weight="700" text-anchor="end"'),
    );
  }
  const columns = card.puzzles.length > ONE_COLUMN_MAX ? 2 : 1;
  const perColumn = Math.ceil(card.puzzles.length / columns);
  const rowHeight = Math.min(ROW_HEIGHT_MAX, (ROWS_BOTTOM - ROWS_TOP) / perColumn);
  const size = Math.round(rowHeight * 0.52);
  const columnWidth = (CARD_WIDTH - 2 * MARGIN - (columns - 1) * MARGIN) / columns;
  const box = Math.round(size * 0.8);
  card.puzzles.forEach((puzzle, i) => {
    const left = MARGIN + Math.floor(i / perColumn) * (columnWidth + MARGIN);
    const baseline = ROWS_TOP + (i % perColumn) * rowHeight + size;
    const boxesLeft = left + columnWidth - ROW_LENGTH * (box + 6);
    const rank = rankLabel(puzzle);
    parts.push(text(left, baseline, size, COLOURS.title, puzzleLabel(puzzle), ' font-weight="700"'));
    parts.push(
      text(
        boxesLeft - size,
        baseline,
        size,
        COLOURS.muted,
        rank === null ? clockTime(puzzle.countedMs) : `${clockTime(puzzle.countedMs)} ${rank}`,
        ' text-anchor="end"',
      ),
    );
    const filled = filledSquares(puzzle.score) ?? 0;
    for (let b = 0; b < ROW_LENGTH; b++) {
      const fill = b < filled ? COLOURS.filled : COLOURS.empty;
      parts.push(
        `<rect x="${boxesLeft + b * (box + 6)}" y="${baseline - box + 2}" width="${box}" height="${box}" rx="4" fill="${fill}"/>`,
      );
    }
  });
  parts.push(text(MARGIN, CARD_HEIGHT - 36, 26, COLOURS.muted, 'No spoilers: times and ranks only'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="Inter">${parts.join('')}</svg>`;
}
