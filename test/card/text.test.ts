import { describe, expect, it } from 'vitest';
import { sharePage } from '../../src/card/page.js';
import { cardSvg } from '../../src/card/svg.js';
import { shareText } from '../../src/card/text.js';
import type { CardPuzzle, ShareCard } from '../../src/contract/shares.js';

const URL = 'https://puzzles.example.org/s/q8Hc3Vb1Z9kT0pLr2Ws7Xy';
const sudoku: CardPuzzle = {
  kind: 'sudoku',
  level: 'hard',
  countedMs: 252_000,
  score: 0.71,
  rank: 3,
  solvers: 41,
};
const hidden: CardPuzzle = { ...sudoku, rank: null, solvers: null };

describe('the chat line', () => {
  it('reads the date and streak, a line per puzzle with its time, rank and squares, then the link', () => {
    const text = shareText({ date: '2026-11-29', puzzles: [sudoku], streak: 4 }, URL);
    expect(text).toBe(
      `Daily puzzles 2026-11-29 · 🔥 4-day streak\nSudoku hard 4:12 · #3 of 41 🟩🟩🟩🟩⬜\n${URL}`,
    );
  });

  it('leaves out the rank and the streak when the card does not show them', () => {
    const text = shareText({ date: '2026-11-29', puzzles: [hidden], streak: null }, URL);
    expect(text).toBe(`Daily puzzles 2026-11-29\nSudoku hard 4:12 🟩🟩🟩🟩⬜\n${URL}`);
  });

  it('has no squares for a solve without a score', () => {
    const text = shareText({ date: '2026-11-29', puzzles: [{ ...hidden, score: null }], streak: null }, URL);
    expect(text.split('\n')[1]).toBe('Sudoku hard 4:12');
  });
});

/** The x of each puzzle's label (bold, left-aligned text) in the card's SVG. */
function labelColumns(card: ShareCard): Set<string> {
  const labels = [
    ...cardSvg(card).matchAll(
      /<text x="(\d+(?:\.\d+)?)" y="[^"]+" font-size="[^"]+" fill="#f8fafc" font-weight="700">(?!Daily)/g,
    ),
  ];
  return new Set(labels.map((m) => m[1] as string));
}

describe('the card image’s layout', () => {
  const day = (n: number): ShareCard => ({ date: '2026-11-29', puzzles: Array(n).fill(sudoku), streak: 2 });

  it('keeps 5 puzzles in one column and takes two from 6 on', () => {
    expect(labelColumns(day(4)).size).toBe(1);
    expect(labelColumns(day(5)).size).toBe(1);
    expect(labelColumns(day(6)).size).toBe(2);
  });

  it('keeps every row of the largest day between the heading and the footer', () => {
    const ys = [...cardSvg(day(20)).matchAll(/<(?:text|rect) x="[^"]+" y="(\d+(?:\.\d+)?)"/g)].map((m) =>
      Number(m[1]),
    );
    // Everything below the date (y 176) but the footer line (y 594): the rows' labels, times and boxes.
    const rows = ys.filter((y) => y > 176 && y !== 594);
    expect(rows).toHaveLength(20 * 2 + 20 * 5);
    expect(Math.min(...rows)).toBeGreaterThanOrEqual(220);
    expect(Math.max(...rows)).toBeLessThanOrEqual(560);
  });

  it('is 1200×630 whatever it shows', () => {
    expect(cardSvg(day(20))).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630" /,
    );
  });
});

describe('the public page', () => {
  it('escapes the chat line and the URLs it carries', () => {
    const html = sharePage({ date: '2026-11-29', puzzles: [sudoku], streak: null }, 'a <b> & "c"', {
      page: 'https://x.example/s/a"b',
      png: 'https://x.example/s/a"b.png',
    });
    expect(html).toContain('<pre>a &lt;b&gt; &amp; &quot;c&quot;</pre>');
    expect(html).toContain('<meta property="og:image" content="https://x.example/s/a&quot;b.png">');
    expect(html).not.toContain('a"b');
  });
});
