import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allShards, shardName, shardOf } from '../../src/live/shards.js';

describe("a player's shard of a live puzzle", () => {
  it('is always 0 on a puzzle of one shard', () => {
    fc.assert(fc.property(fc.string(), (id) => shardOf(id, 1) === 0));
  });

  it('is the same shard every time the same player asks', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 1, max: 64 }), (id, shards) => {
        expect(shardOf(id, shards)).toBe(shardOf(id, shards));
      }),
    );
  });

  it('lies in 0 … K − 1', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 64 }), (id, shards) => {
        const shard = shardOf(id, shards);
        return Number.isInteger(shard) && shard >= 0 && shard < shards;
      }),
    );
  });

  it('is a fixed function of the id (FNV-1a, 32 bits), unchanged between releases', () => {
    // A change to the hash would send every player's repeat to another shard of a live puzzle.
    expect(
      ['7f2c1d4e-0000-4000-8000-000000000000', 'player-1', 'player-2'].map((id) => shardOf(id, 4)),
    ).toEqual([0x9ec6f62d % 4, 0xd56e9712 % 4, 0xd46e957f % 4]);
    expect(shardOf('player-1', 7)).toBe(0xd56e9712 % 7);
  });

  it('spreads 4,000 random players over 4 shards within 10 % of a quarter each', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const shard = shardOf(crypto.randomUUID(), 4);
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    for (const n of counts) expect(Math.abs(n - 1000)).toBeLessThan(100);
  });

  it('refuses a shard count below 1 or not whole', () => {
    expect(() => shardOf('a', 0)).toThrow(RangeError);
    expect(() => shardOf('a', 1.5)).toThrow(RangeError);
  });
});

describe("a shard's object name", () => {
  it('is the plain puzzle id for shard 0, so a one-shard puzzle keeps the board it always had', () => {
    expect(shardName('2026-11-29:sudoku:easy', 0)).toBe('2026-11-29:sudoku:easy');
  });

  it('is the puzzle id, #, and the shard for the others', () => {
    expect(allShards(4).map((s) => shardName('2026-11-29:sudoku:easy', s))).toEqual([
      '2026-11-29:sudoku:easy',
      '2026-11-29:sudoku:easy#1',
      '2026-11-29:sudoku:easy#2',
      '2026-11-29:sudoku:easy#3',
    ]);
  });
});
