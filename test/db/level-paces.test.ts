import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { levelPacesQuery } from '../../src/db/submissions.js';

const db = createDb(env.DB);

describe("a player's paces at one kind and level", () => {
  it('are read from their index alone, without a visit to a solve of the window', async () => {
    const query = levelPacesQuery(db, 'someone', 'sudoku', 'easy', '2026-11-01T00:00:00.000Z').toSQL();
    const plan = await env.DB.prepare(`explain query plan ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail)).toEqual([
      expect.stringContaining('USING COVERING INDEX submissions_player_level_paces'),
    ]);
  });
});
