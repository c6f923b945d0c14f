import { describe, expect, it } from 'vitest';
import { engineFor, KINDS } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';

describe('GET /v1/kinds', () => {
  it('lists every registered kind in registry order with its name, levels easiest first and log format', async () => {
    const res = await appAt('2026-11-29T12:00:00Z')('/v1/kinds');
    expect(res.status).toBe(200);
    const { kinds } = (await res.json()) as {
      kinds: { kind: string; displayName: string; levels: string[]; logFormat: string; reveal: boolean }[];
    };
    expect(kinds.map((k) => k.kind)).toEqual(KINDS);
    for (const info of kinds) {
      const engine = engineFor(info.kind as (typeof KINDS)[number]);
      expect(info.levels).toEqual([...engine.levels]);
      expect(info.displayName.length).toBeGreaterThan(0);
      expect(info.logFormat).toMatch(/^\[t, /);
    }
    expect(kinds.filter((k) => k.reveal).map((k) => k.kind)).toEqual(['colorsort']);
  });
});
