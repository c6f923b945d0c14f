import { env } from 'cloudflare:test';
import type { BoardOf } from '../../src/contract/boards/index.js';
import type { Level } from '../../src/contract/kinds/index.js';
import type { Kind } from '../../src/kinds/index.js';

type StoredPuzzle = Record<string, unknown>;

/** Each kind's board before any move (its givens only), in its hint board format, from the stored puzzle. */
const EMPTY_BOARD: { [K in Kind]: (puzzle: StoredPuzzle) => BoardOf<K> } = {
  sudoku: (p) => ({ grid: p.grid as string }),
  pattern: (p) => ({ cells: '.'.repeat((p.width as number) * (p.height as number)) }),
  loop: (p) => {
    const w = p.width as number;
    const h = p.height as number;
    return { edges: '.'.repeat(w * (h + 1) + h * (w + 1)) };
  },
  signal: (p) => ({ grid: Array.from(p.givens as string, (c) => (c === '.' ? 0 : Number(c))) }),
  colorsort: () => ({ moves: [] }),
};

/** The board a player of the stored puzzle starts from, as the hint route takes it. */
export async function emptyHintBoard<K extends Kind>(
  date: string,
  kind: K,
  level: Level,
): Promise<BoardOf<K>> {
  const row = await env.DB.prepare('select puzzle_json from puzzles where id = ?')
    .bind(`${date}:${kind}:${level}`)
    .first<{ puzzle_json: string }>();
  if (!row) throw new Error(`puzzle ${date}:${kind}:${level} not stored`);
  const empty = EMPTY_BOARD[kind] as (puzzle: StoredPuzzle) => BoardOf<K>;
  return empty(JSON.parse(row.puzzle_json) as StoredPuzzle);
}
