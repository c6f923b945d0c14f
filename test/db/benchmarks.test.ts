import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { listBenchmarks } from '../../src/db/benchmarks.js';
import { createDb } from '../../src/db/client.js';
import { defaultBenchmark, engineFor, isKind, isLevelOf, KINDS } from '../../src/kinds/index.js';

const db = createDb(env.DB);

interface Row {
  kind: string;
  level: string;
  seconds: number;
  unit: string;
}

async function rows(): Promise<Map<string, { seconds: number; unit: string }>> {
  const { results } = await env.DB.prepare('select kind, level, seconds, unit from benchmarks').all<Row>();
  return new Map(results.map((r) => [`${r.kind}:${r.level}`, { seconds: r.seconds, unit: r.unit }]));
}

const generate = (date: string) =>
  generateDate(
    { db, salt: DEV_SECRETS.PUZZLE_SALT, now: () => new Date(`${date}T00:00:00Z`) },
    date as IsoDate,
    'admin',
  );

/** Every kind and level of the registry, in its order. */
const REGISTRY = KINDS.flatMap((kind) => engineFor(kind).levels.map((level) => ({ kind, level })));

describe('the benchmarks table', () => {
  it("holds only the descriptors' defaults after the migrations", async () => {
    for (const [key, value] of await rows()) {
      const [kind = '', level = ''] = key.split(':');
      expect(isKind(kind) && isLevelOf(kind, level), key).toBe(true);
      if (isKind(kind) && isLevelOf(kind, level)) expect(value, key).toEqual(defaultBenchmark(kind, level));
    }
  });

  it("gets a missing kind's rows from its descriptor when its puzzles are first made", async () => {
    await env.DB.prepare("delete from benchmarks where kind = 'signal'").run();
    expect([...(await rows()).keys()].filter((k) => k.startsWith('signal:'))).toEqual([]);
    await generate('2026-11-20');
    const after = await rows();
    for (const level of engineFor('signal').levels) {
      expect(after.get(`signal:${level}`), level).toEqual(defaultBenchmark('signal', level));
    }
  });

  it('has a row for every kind and level of the registry once a date is made', async () => {
    await generate('2026-11-21');
    const after = await rows();
    for (const { kind, level } of REGISTRY) {
      expect(after.has(`${kind}:${level}`), `${kind}:${level}`).toBe(true);
    }
  });

  it('never overwrites an existing, calibrated benchmark with the default', async () => {
    await env.DB.prepare(
      "update benchmarks set seconds = 999 where kind = 'sudoku' and level = 'easy'",
    ).run();
    await env.DB.prepare("delete from benchmarks where kind = 'loop'").run();
    await generate('2026-11-22');
    expect((await rows()).get('sudoku:easy')).toEqual({ seconds: 999, unit: 'puzzle' });
  });

  it("lists benchmarks in the registry's order of kinds and levels, whatever order the rows were stored in", async () => {
    await generate('2026-11-23');
    const stored = await env.DB.prepare('select * from benchmarks order by kind desc, level desc').all();
    await env.DB.batch([
      env.DB.prepare('delete from benchmarks'),
      ...stored.results.map((r) =>
        env.DB.prepare(
          'insert into benchmarks (kind, level, seconds, unit, updated_at) values (?, ?, ?, ?, ?)',
        ).bind(r.kind, r.level, r.seconds, r.unit, r.updated_at),
      ),
    ]);
    const listed = (await listBenchmarks(db)).map((b) => `${b.kind}:${b.level}`);
    expect(listed).toEqual(REGISTRY.map(({ kind, level }) => `${kind}:${level}`));
  });
});
