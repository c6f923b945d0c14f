import { describe, expect, it } from 'vitest';
import { type D1Rpc, readsOnly, remoteD1, type Sent } from '../../bench/split/remote-d1.js';

/** A database process that records which statements reached it. */
function fakeDatabase(): D1Rpc & { seen: string[] } {
  const seen: string[] = [];
  const result = { results: [{ n: 1 }], success: true, meta: {} } as unknown as D1Result;
  return {
    seen,
    query: async (statement) => {
      seen.push(statement.sql);
      return result;
    },
    batch: async (statements) => {
      seen.push(...statements.map((s) => s.sql));
      return statements.map(() => result);
    },
  };
}

describe('the split bench stand-in for D1 across the network', () => {
  it('tells reads from writes by their SQL', () => {
    expect(readsOnly('  select 1')).toBe(true);
    expect(readsOnly('with x as (select 1) select * from x')).toBe(true);
    expect(readsOnly('with x as (select 1) insert into t select * from x')).toBe(false);
    expect(readsOnly('insert into t values (1)')).toBe(false);
  });

  it('sends the plain handle to the primary', async () => {
    const [primary, replica] = [fakeDatabase(), fakeDatabase()];
    await remoteD1(primary, replica).prepare('select 1').all();
    expect([primary.seen, replica.seen]).toEqual([['select 1'], []]);
  });

  it('keeps a session started on the primary there, reads included', async () => {
    const [primary, replica] = [fakeDatabase(), fakeDatabase()];
    await remoteD1(primary, replica).withSession('first-primary').prepare('select 1').first();
    expect(replica.seen).toEqual([]);
  });

  it('reads an unconstrained session on the replica until its first write, then on the primary', async () => {
    const [primary, replica] = [fakeDatabase(), fakeDatabase()];
    const session = remoteD1(primary, replica).withSession('first-unconstrained');
    await session.prepare('select 1').all();
    await session.prepare('update t set x = 1').run();
    await session.prepare('select 2').all();
    expect([primary.seen, replica.seen]).toEqual([['update t set x = 1', 'select 2'], ['select 1']]);
  });

  it('sends a batch holding a write to the primary', async () => {
    const [primary, replica] = [fakeDatabase(), fakeDatabase()];
    const session = remoteD1(primary, replica).withSession('first-unconstrained');
    await session.batch([session.prepare('select 1'), session.prepare('delete from t')]);
    expect([primary.seen.length, replica.seen.length]).toEqual([2, 0]);
  });

  it('counts each call as a round trip and each statement it carries', async () => {
    const sent: Sent = { roundTrips: 0, statements: 0 };
    const db = remoteD1(fakeDatabase(), fakeDatabase(), sent);
    await db.prepare('select 1').bind(1).raw();
    await db.batch([db.prepare('select 1'), db.prepare('select 2')]);
    expect(sent).toEqual({ roundTrips: 2, statements: 3 });
  });

  it('returns the column a first row is asked for', async () => {
    const db = remoteD1({ ...fakeDatabase(), query: async () => ({ n: 7 }) }, fakeDatabase());
    expect(await db.prepare('select 7 as n').first('n')).toBe(7);
  });
});
