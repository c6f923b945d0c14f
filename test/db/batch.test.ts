import { env } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batch, cachedStatement, statement } from '../../src/db/batch.js';
import { createDb } from '../../src/db/client.js';
import { playerRatings, players } from '../../src/db/schema.js';

const db = createDb(env.DB);
const at = '2026-11-29T12:00:00.000Z';

async function player(id: string, displayName: string) {
  await db.insert(players).values({ id, displayName, createdAt: at });
}

const byId = cachedStatement<{ id: string }, { id: string; displayName: string | null }[]>((db) =>
  db
    .select({ id: players.id, displayName: players.displayName })
    .from(players)
    .where(eq(players.id, sql.placeholder('id'))),
);

describe('statements run through one D1 batch', () => {
  it("binds each call of a cached statement to that call's own values", async () => {
    await player('batch-a', 'Ada');
    await player('batch-b', 'Bob');
    const [a, b, none] = await batch(db, [
      byId(db, { id: 'batch-a' }),
      byId(db, { id: 'batch-b' }),
      byId(db, { id: 'batch-nobody' }),
    ] as const);
    expect([a, b, none]).toEqual([
      [{ id: 'batch-a', displayName: 'Ada' }],
      [{ id: 'batch-b', displayName: 'Bob' }],
      [],
    ]);
  });

  it('reads a row as drizzle does (booleans and numbers typed by their columns)', async () => {
    await player('batch-rated', 'Cy');
    await db.insert(playerRatings).values({
      playerId: 'batch-rated',
      kind: 'loop',
      rating: 1612.5,
      deviation: 80,
      volatility: 0.06,
      games: 7,
      established: true,
      updatedAt: at,
    });
    const query = () => db.select().from(playerRatings).where(eq(playerRatings.playerId, 'batch-rated'));
    const [read] = await batch(db, [statement(db, query())] as const);
    expect(read).toEqual(await query().all());
    expect(read[0]?.established).toBe(true);
  });

  it('changes nothing when one statement of the batch fails', async () => {
    const insert = (id: string) =>
      statement(db, db.insert(players).values({ id, displayName: 'Dup', createdAt: at }));
    await player('batch-taken', 'Eve');
    await expect(batch(db, [insert('batch-new'), insert('batch-taken')] as const)).rejects.toThrow(/UNIQUE/);
    expect(await db.select().from(players).where(eq(players.id, 'batch-new')).all()).toEqual([]);
  });
});
