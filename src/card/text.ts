import type { ShareCard } from '../contract/shares.js';
import { clockTime, filledSquares, puzzleLabel, ROW_LENGTH, rankLabel, streakLabel } from './figures.js';

function emojiRow(score: number | null): string | null {
  const filled = filledSquares(score);
  return filled === null ? null : '🟩'.repeat(filled) + '⬜'.repeat(ROW_LENGTH - filled);
}

/**
 * The chat line of a card: the date and streak, then one line per puzzle (kind, level, time, rank, a row of
 * squares), then the link. Only the card's own figures: no answer and nothing of another player.
 */
export function shareText(card: ShareCard, pageUrl: string): string {
  const streak = streakLabel(card.streak);
  const head = `Daily puzzles ${card.date}${streak === null ? '' : ` · 🔥 ${streak}`}`;
  const lines = card.puzzles.map((p) => {
    const rank = rankLabel(p);
    const row = emojiRow(p.score);
    return `${puzzleLabel(p)} ${clockTime(p.countedMs)}${rank === null ? '' : ` · ${rank}`}${row === null ? '' : ` ${row}`}`;
  });
  return [head, ...lines, pageUrl].join('\n');
}
