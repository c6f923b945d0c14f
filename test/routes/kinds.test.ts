import { describe, expect, it } from 'vitest';
import type { KindList } from '../../src/contract/kind-info.js';
import { KindListSchema } from '../../src/contract/kind-info.js';
import { descriptorOf, engineFor, KINDS } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';

async function listKinds(): Promise<KindList['kinds']> {
  const res = await appAt('2026-11-29T12:00:00Z')('/v1/kinds');
  expect(res.status).toBe(200);
  return (await bodyOf(res, KindListSchema)).kinds;
}

describe('GET /v1/kinds', () => {
  it('lists every registered kind in registry order with its name, levels easiest first and log format', async () => {
    const kinds = await listKinds();
    expect(kinds.map((k) => k.kind)).toEqual(KINDS);
    for (const info of kinds) {
      const engine = engineFor(info.kind);
      expect(info.levels).toEqual([...engine.levels]);
      expect(info.displayName.length).toBeGreaterThan(0);
      expect(info.logFormat).toMatch(/^\[t, /);
    }
    expect(kinds.filter((k) => k.reveal).map((k) => k.kind)).toEqual(['colorsort']);
  });

  it('says hints: true for exactly the kinds whose descriptor has a hint capability, which is every kind', async () => {
    const kinds = await listKinds();
    const hinted = KINDS.filter((kind) => descriptorOf(kind).hint !== undefined);
    expect(kinds.filter((k) => k.hints === true).map((k) => k.kind)).toEqual(hinted);
    expect(kinds.filter((k) => k.hints !== true)).toEqual([]);
    expect(hinted).toEqual(KINDS);
  });
});
