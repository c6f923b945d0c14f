import { describe, expect, it } from 'vitest';
import { PeerTimes } from '../../src/live/peer-times.js';

describe("a shard's copy of the other shards' counted times", () => {
  it('counts the faster solves of every other shard ahead', () => {
    const peers = new PeerTimes();
    peers.replace(1, 3, [1000, 2500, 4000]);
    peers.replace(2, 2, [2400, 9000]);
    expect(peers.ahead(2600, 0)).toBe(3);
    expect(peers.total).toBe(5);
  });

  it('puts a solve of a lower shard at the same millisecond ahead, and one of a higher shard behind', () => {
    const peers = new PeerTimes();
    peers.replace(1, 1, [2500]);
    peers.replace(3, 1, [2500]);
    expect(peers.ahead(2500, 2)).toBe(1);
    expect(peers.ahead(2500, 0)).toBe(0);
    expect(peers.ahead(2500, 4)).toBe(2);
  });

  it('counts below a time only what is strictly faster, whatever the shard', () => {
    const peers = new PeerTimes();
    peers.replace(1, 2, [2500, 2499]);
    expect(peers.below(2500)).toBe(1);
  });

  it('adds the solves told since the last telling, and skips those it already has', () => {
    const peers = new PeerTimes();
    peers.replace(1, 2, [1000, 2000]);
    expect(
      peers.append(1, 1, 4, [
        [2, 2000],
        [3, 3000],
        [4, 4000],
      ]),
    ).toBe(true);
    expect(peers.total).toBe(4);
    expect(peers.throughOf(1)).toBe(4);
  });

  it('refuses solves told after ones it never had, so the shard sends its whole list', () => {
    const peers = new PeerTimes();
    peers.replace(1, 2, [1000, 2000]);
    expect(peers.append(1, 3, 4, [[4, 4000]])).toBe(false);
    expect(peers.append(2, 0, 1, [[1, 500]])).toBe(false);
    expect(peers.total).toBe(2);
  });

  it("replaces a shard's whole list and keeps the others'", () => {
    const peers = new PeerTimes();
    peers.replace(1, 2, [1000, 2000]);
    peers.replace(2, 1, [1500]);
    peers.replace(1, 5, [3000]);
    expect(peers.total).toBe(2);
    expect(peers.below(2500)).toBe(1);
    expect(peers.timesIn(3)).toEqual([3000]);
  });
});
