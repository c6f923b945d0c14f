import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
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
});
