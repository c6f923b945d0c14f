/**
 * How a live puzzle's board is split over K shard objects (K = the puzzle's `board_shards`). Pure.
 *
 * A player's solves always go to one shard, the hash of its id mod K, so a repeat finds the stored solve
 * where it was stored. Shard 0 keeps the plain puzzle id as its object's name: with K = 1 it is exactly the
 * one board every puzzle had before shards, storage included, so existing boards go on unchanged.
 */

/** The shard (0 … shards − 1) that holds a player's solves of a puzzle split over `shards`. */
export function shardOf(playerId: string, shards: number): number {
  if (!Number.isInteger(shards) || shards < 1)
    throw new RangeError(`a board has 1 or more shards, not ${shards}`);
  return shards === 1 ? 0 : fnv1a(playerId) % shards;
}

/** The name of a shard's Durable Object: the puzzle id for shard 0, `${puzzleId}#${shard}` for the others. */
export function shardName(puzzleId: string, shard: number): string {
  return shard === 0 ? puzzleId : `${puzzleId}#${shard}`;
}

/** Every shard of a puzzle split over `shards`, 0 first. */
export function allShards(shards: number): number[] {
  return Array.from({ length: shards }, (_, i) => i);
}

/**
 * 32-bit FNV-1a over the id's UTF-16 code units: stable across runtimes and releases (a hash that changed
 * would send a player's repeat to another shard), and spreads random UUIDs evenly.
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
