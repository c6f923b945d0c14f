import { env } from 'cloudflare:test';
import type { Level, PositionOf } from '../../src/contract/kinds/index.js';
import { descriptorOf, type Kind } from '../../src/kinds/index.js';

/** The position a player of the stored puzzle starts from (its givens only), as the hint route takes it. */
export async function startingPosition<K extends Kind>(
  date: string,
  kind: K,
  level: Level,
): Promise<PositionOf<K>> {
  const row = await env.DB.prepare('select puzzle_json from puzzles where id = ?')
    .bind(`${date}:${kind}:${level}`)
    .first<{ puzzle_json: string }>();
  if (!row) throw new Error(`puzzle ${date}:${kind}:${level} not stored`);
  const { engine, hint } = descriptorOf(kind);
  // The descriptor of a kind chosen at run time is typed for any kind; its hint position is K's own.
  return hint.start(engine.parsePuzzle(JSON.parse(row.puzzle_json))) as PositionOf<K>;
}
