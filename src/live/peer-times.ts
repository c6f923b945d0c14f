import { CountedTimes } from './counted-times.js';

/** One counted solve of another shard as it tells it: its own arrival number there and its counted time. */
export type PeerSolve = readonly [seq: number, countedMs: number];

interface Peer {
  /** The peer's last arrival number this copy includes. */
  through: number;
  times: number[];
}

/**
 * A shard's copy of the other shards' counted times, as each last told it (at its flush, or when this shard
 * asked at its start): how many of them a rank counts ahead, and the totals. Kept in memory only; a shard
 * that starts asks its peers again. Pure.
 *
 * Order across shards: faster first; at exactly the same millisecond the lower shard first. Inside a shard
 * ties go by arrival, so (time, shard, arrival) is one total order every shard and a recomputation share.
 */
export class PeerTimes {
  private readonly peers = new Map<number, Peer>();
  private readonly tree = new CountedTimes();
  /** The peers' exact times in each whole second, with their shard, for the second a rank falls in. */
  private readonly inBucket = new Map<number, { ms: number; shard: number }[]>();

  get total(): number {
    return this.tree.total;
  }

  /** The peer's arrival number this copy is up to date with; undefined before it first told us. */
  throughOf(shard: number): number | undefined {
    return this.peers.get(shard)?.through;
  }

  /** Replaces all a peer told before with its whole list of counted solves. */
  replace(shard: number, through: number, times: readonly number[]): void {
    this.peers.set(shard, { through, times: [...times] });
    this.rebuild();
  }

  /**
   * Adds a peer's solves with arrival numbers after `after`, up to `through`. False when this copy misses
   * some before them (it started since, or a telling was lost): the peer then sends its whole list. Solves
   * it already has are skipped, so a telling repeated by a retry adds nothing.
   */
  append(shard: number, after: number, through: number, solves: readonly PeerSolve[]): boolean {
    const peer = this.peers.get(shard);
    if (!peer || peer.through < after) return false;
    for (const [seq, ms] of solves) {
      if (seq <= peer.through) continue;
      peer.times.push(ms);
      this.add(shard, ms);
    }
    peer.through = Math.max(peer.through, through);
    return true;
  }

  /** The peers' counted solves ahead of a solve of `shard` counted at `ms`. */
  ahead(ms: number, shard: number): number {
    const bucket = this.tree.bucketOf(ms);
    let n = this.tree.before(bucket);
    for (const solve of this.inBucket.get(bucket) ?? []) {
      if (solve.ms < ms || (solve.ms === ms && solve.shard < shard)) n++;
    }
    return n;
  }

  /** The peers' counted solves faster than `ms`. */
  below(ms: number): number {
    const bucket = this.tree.bucketOf(ms);
    let n = this.tree.before(bucket);
    for (const solve of this.inBucket.get(bucket) ?? []) if (solve.ms < ms) n++;
    return n;
  }

  /** The peers' solves in the buckets before `bucket`. */
  before(bucket: number): number {
    return this.tree.before(bucket);
  }

  /** The peers' exact times in one bucket. */
  timesIn(bucket: number): number[] {
    return (this.inBucket.get(bucket) ?? []).map((solve) => solve.ms);
  }

  private rebuild(): void {
    this.tree.clear();
    this.inBucket.clear();
    for (const [shard, peer] of this.peers) for (const ms of peer.times) this.add(shard, ms);
  }

  private add(shard: number, ms: number): void {
    this.tree.add(ms);
    const bucket = this.tree.bucketOf(ms);
    const list = this.inBucket.get(bucket);
    if (list) list.push({ ms, shard });
    else this.inBucket.set(bucket, [{ ms, shard }]);
  }
}
