import { env } from 'cloudflare:test';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { batch } from '../../src/db/batch.js';
import { createDb } from '../../src/db/client.js';
import { jsonRowsInsert } from '../../src/db/json-rows-insert.js';
import { players, submissions } from '../../src/db/schema.js';

const db = createDb(env.DB);
const at = '2026-11-29T12:00:00.000Z';
const puzzleId = '2026-11-29:sudoku:easy';

type Row = typeof submissions.$inferInsert;

function row(playerId: string, more: Partial<Row> = {}): Row {
  return {
    puzzleId,
    puzzleDate: '2026-11-29',
    kind: 'sudoku',
    level: 'easy',
    playerId,
    createdAt: at,
    valid: true,
    ranked: true,
    elapsedMs: 61_000,
    ...more,
  };
}

async function stored(playerId: string) {
  return db.select().from(submissions).where(eq(submissions.playerId, playerId)).orderBy(asc(submissions.id));
}

beforeAll(async () => {
  const ctx = { db, salt: DEV_SECRETS.PUZZLE_SALT, now: () => new Date(at) };
  await generateDate(ctx, '2026-11-29' as IsoDate, 'admin', [
    { date: '2026-11-29' as IsoDate, kind: 'sudoku', level: 'easy' },
  ]);
  const ids = ['json-a', 'json-b', 'json-c', 'json-d', 'json-e', 'json-big'];
  await db.insert(players).values(ids.map((id) => ({ id, createdAt: at })));
});

describe('many rows inserted through one JSON value', () => {
  it('stores every value as drizzle would: reals to the last bit, booleans, JSON columns, defaults', async () => {
    const given = row('json-a', {
      score: 0.1 + 0.2,
      ratingBefore: 1523.4567890123456,
      deviationBefore: 1 / 3,
      countedMs: 60_123,
      capped: true,
      counted: true,
      status: 'pending',
      flags: ['pace_unproven'],
      evidence: { gaps: [1, 2.5] } as never,
      log: [{ t: 0, cell: 3, value: 4 }] as never,
    });
    const [inserted] = await batch(db, jsonRowsInsert(db, submissions, [given]));
    expect(inserted).toEqual([1]);
    const [read] = await stored('json-a');
    expect(read).toMatchObject({ ...given, established: false, practice: false, hints: 0, hugsFloor: false });
    expect(read?.ratingBefore).toBe(1523.4567890123456);
    expect(read?.score).toBe(0.1 + 0.2);
    expect(read?.deviationBefore).toBe(1 / 3);
  });

  it('keeps the order given in the ids, and skips a row a unique index already holds', async () => {
    await batch(db, jsonRowsInsert(db, submissions, [row('json-b')]));
    const counts = await batch(
      db,
      jsonRowsInsert(db, submissions, [row('json-c'), row('json-b'), row('json-d'), row('json-e')]),
    );
    expect(counts).toEqual([[1, 1, 1]]);
    const ids = await Promise.all(
      ['json-c', 'json-d', 'json-e'].map(async (p) => (await stored(p))[0]?.id ?? 0),
    );
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await stored('json-b')).toHaveLength(1);
  });

  it('splits rows over statements when their JSON would pass a million bytes, all of them stored', async () => {
    const log = Array.from({ length: 9_000 }, (_, i) => ({ t: i * 1000, cell: i % 81, value: (i % 9) + 1 }));
    const rows = Array.from({ length: 40 }, (_, i) =>
      row('json-big', { ranked: false, elapsedMs: i, log: log as never }),
    );
    const statements = jsonRowsInsert(db, submissions, rows);
    expect(statements.length).toBeGreaterThan(1);
    expect((await batch(db, statements)).flat()).toHaveLength(40);
    const read = await stored('json-big');
    expect(read.map((r) => r.elapsedMs)).toEqual(rows.map((r) => r.elapsedMs));
    expect(read[0]?.log).toEqual(log);
  });
});
