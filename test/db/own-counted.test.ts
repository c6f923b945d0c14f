import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { ownCountedOf } from '../../src/db/ranked-solves.js';
import { submissions } from '../../src/db/schema.js';

const db = createDb(env.DB);

describe("a player's counted solve of a puzzle", () => {
  it('is found by one seek of the index of ranked solves, (puzzle, player)', async () => {
    const query = db
      .select({ n: sql`1` })
      .from(submissions)
      .where(ownCountedOf('2026-11-29:sudoku:easy', 'someone'))
      .toSQL();
    const plan = await env.DB.prepare(`explain query plan ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail)).toEqual([
      expect.stringContaining('USING INDEX submissions_one_ranked (puzzle_id=? AND player_id=?)'),
    ]);
  });
});
