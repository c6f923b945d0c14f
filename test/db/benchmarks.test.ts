import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { listBenchmarks } from '../../src/db/benchmarks.js';
import { createDb } from '../../src/db/client.js';
import { defaultBenchmark, engineFor, KINDS } from '../../src/kinds/index.js';

describe('the benchmarks table', () => {
  it('is seeded by migration with the documented defaults for every kind and level', async () => {
    const { results } = await env.DB.prepare('select kind, level, seconds, unit from benchmarks').all<{
      kind: string;
      level: string;
      seconds: number;
      unit: string;
    }>();
    const seeded = new Map(
      results.map((r) => [`${r.kind}:${r.level}`, { seconds: r.seconds, unit: r.unit }]),
    );
    for (const kind of KINDS) {
      for (const level of engineFor(kind).levels) {
        expect(seeded.get(`${kind}:${level}`), `${kind}:${level}`).toEqual(defaultBenchmark(kind, level));
      }
    }
  });

  it("lists benchmarks in the registry's order of kinds and levels, whatever order the rows were stored in", async () => {
    const stored = await env.DB.prepare('select * from benchmarks order by kind desc, level desc').all();
    await env.DB.batch([
      env.DB.prepare('delete from benchmarks'),
      ...stored.results.map((r) =>
        env.DB.prepare(
          'insert into benchmarks (kind, level, seconds, unit, updated_at) values (?, ?, ?, ?, ?)',
        ).bind(r.kind, r.level, r.seconds, r.unit, r.updated_at),
      ),
    ]);
    const listed = (await listBenchmarks(createDb(env.DB))).map((b) => `${b.kind}:${b.level}`);
    expect(listed).toEqual(
      KINDS.flatMap((kind) => engineFor(kind).levels.map((level) => `${kind}:${level}`)),
    );
  });
});
