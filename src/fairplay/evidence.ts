/**
 * What a move log says about how a solve was made, in figures a moderator can read. Pure and linear in the
 * log's length apart from one sort of its gaps: a 1,500-entry log takes well under a millisecond.
 */

import type { LogEntry } from '../engines/types.js';

/** Entries closer than this are faster than a person enters moves (puzzle.day flags gaps under 50 ms). */
export const FAST_GAP_MS = 50;
/** A burst is the shortest stretch of the log that holds this share of its entries. */
export const BURST_SHARE = 0.8;
/** Gap spread is only measured over at least this many gaps: fewer say nothing about regularity. */
export const MIN_GAPS_FOR_SPREAD = 20;

export interface Evidence {
  entries: number;
  /** `t` of the first and the last entry (ms since the session started); null for an empty log. */
  firstMs: number | null;
  lastMs: number | null;
  /** The server's span from the session's start to the submission's arrival. */
  serverMs: number;
  countedMs: number;
  /** Gaps under FAST_GAP_MS between entries, not counting a drag stroke's cells. */
  fastGaps: number;
  /** The shortest time that holds BURST_SHARE of the entries (0 for fewer than two entries). */
  burstMs: number;
  /**
   * The 90th over the 10th percentile of the gaps between entries (stroke cells left out), or null with
   * fewer than MIN_GAPS_FOR_SPREAD gaps; a person's gaps spread over an order of magnitude or more.
   */
  gapSpread: number | null;
  /** The human floor this solve was held to (for moderators only: no response to a player states it). */
  floorMs: number;
  /** The elite line it was held to (elite-line.ts; for moderators only, like the floor). */
  eliteMs: number;
}

export interface EvidenceInput {
  log: readonly LogEntry[];
  serverMs: number;
  countedMs: number;
  floorMs: number;
  eliteMs: number;
  /** The kind's drag rule: entries of one stroke may follow each other within milliseconds. */
  continuesStroke?: (previous: LogEntry, next: LogEntry) => boolean;
}

export function evidenceOf(input: EvidenceInput): Evidence {
  const { log, serverMs, countedMs, floorMs, eliteMs } = input;
  const first = log[0];
  const last = log.at(-1);
  return {
    entries: log.length,
    firstMs: first ? first[0] : null,
    lastMs: last ? last[0] : null,
    serverMs,
    countedMs,
    ...gapFigures(log, input.continuesStroke),
    burstMs: burstMs(log),
    floorMs,
    eliteMs,
  };
}

function gapFigures(
  log: readonly LogEntry[],
  continuesStroke: EvidenceInput['continuesStroke'],
): Pick<Evidence, 'fastGaps' | 'gapSpread'> {
  const gaps: number[] = [];
  let fastGaps = 0;
  for (let i = 1; i < log.length; i++) {
    const previous = log[i - 1] as LogEntry;
    const next = log[i] as LogEntry;
    if (continuesStroke?.(previous, next)) continue;
    const gap = next[0] - previous[0];
    if (gap < FAST_GAP_MS) fastGaps++;
    gaps.push(gap);
  }
  return { fastGaps, gapSpread: spread(gaps) };
}

function spread(gaps: number[]): number | null {
  if (gaps.length < MIN_GAPS_FOR_SPREAD) return null;
  gaps.sort((a, b) => a - b);
  const low = gaps[Math.floor(0.1 * (gaps.length - 1))] as number;
  const high = gaps[Math.ceil(0.9 * (gaps.length - 1))] as number;
  if (low <= 0) return Number.POSITIVE_INFINITY;
  return high / low;
}

/** The shortest span between entries i and i + k − 1 with k = ⌈BURST_SHARE × n⌉ (times are non-decreasing). */
function burstMs(log: readonly LogEntry[]): number {
  const k = Math.ceil(BURST_SHARE * log.length);
  if (k < 2) return 0;
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i + k - 1 < log.length; i++) {
    shortest = Math.min(shortest, (log[i + k - 1] as LogEntry)[0] - (log[i] as LogEntry)[0]);
  }
  return shortest;
}
