import type { Level } from '../contract/kinds/index.js';
import type { PlayerEvidence } from '../contract/player-evidence.js';
import { type PlayerEvidenceRows, playerEvidenceRows } from '../db/player-evidence.js';
import type { LogEntry } from '../engines/types.js';
import { SUSPECT_WINDOW_MS, suspicionOf } from '../fairplay/suspicion.js';
import type { Kind } from '../kinds/index.js';
import { inKindLevelOrder } from '../kinds/order.js';
import { playDaysWith } from '../rating/play-days.js';
import type { Services } from '../services.js';

const DAY_MS = 86_400_000;

export type EvidenceOutcome = { ok: true; evidence: PlayerEvidence } | { ok: false; reason: 'not_found' };

/**
 * One player as a moderator judges it (issue 42, D): how long and how often it has played, its pace per kind
 * and level over time, its solves under review with their moves' timing and the lines they were held to,
 * from how many networks and devices, what moderators did before, and the pace signals that list it.
 */
export async function playerEvidence(services: Services, playerId: string): Promise<EvidenceOutcome> {
  const rows = await playerEvidenceRows(services.db, playerId);
  const { player } = rows;
  if (!player) return { ok: false, reason: 'not_found' };
  const now = services.now();
  let days: string[] = [];
  for (const at of rows.countedAt) days = playDaysWith(days, at);
  return {
    ok: true,
    evidence: {
      player: {
        id: player.id,
        displayName: player.displayName,
        createdAt: player.createdAt,
        accountAgeDays: Math.max(0, Math.floor((now.getTime() - Date.parse(player.createdAt)) / DAY_MS)),
        bannedAt: player.bannedAt,
      },
      daysOfPlay: { days: days.length, first: days[0] ?? null, last: days.at(-1) ?? null },
      paceHistory: paceHistory(rows.solves),
      underReview: rows.held.map(heldView),
      networks: {
        distinct: rows.networks.networks,
        sessions: rows.networks.sessions,
        sessionsWithNetwork: rows.networks.withNetwork,
      },
      devices: {
        count: rows.tokens.length,
        active: rows.tokens.filter((t) => t.revokedAt === null).length,
        linked: rows.tokens
          .filter((t) => t.via === 'link')
          .map((t) => ({ at: t.createdAt, revokedAt: t.revokedAt })),
      },
      moderation: rows.actions,
      suspicion: suspicionView(rows, now),
    },
  };
}

type SolveRow = PlayerEvidenceRows['solves'][number];

function paceOf(row: { countedMs: number | null; benchmarkSeconds: number | null }): number | null {
  if (row.countedMs === null || !row.benchmarkSeconds) return null;
  return row.countedMs / 1000 / row.benchmarkSeconds;
}

/** The ranked solves by kind and level (the registry's order), each list oldest first. */
function paceHistory(solves: readonly SolveRow[]): PlayerEvidence['paceHistory'] {
  const groups = new Map<
    string,
    { kind: Kind; level: Level; solves: PlayerEvidence['paceHistory'][number]['solves'] }
  >();
  for (const row of [...solves].reverse()) {
    const pace = paceOf(row);
    if (pace === null || row.countedMs === null || row.benchmarkSeconds === null || row.status === null)
      continue;
    const key = `${row.kind}:${row.level}`;
    const group = groups.get(key) ?? { kind: row.kind, level: row.level, solves: [] };
    group.solves.push({
      submissionId: row.submissionId,
      date: row.date,
      submittedAt: row.submittedAt,
      countedMs: row.countedMs,
      benchmarkSeconds: row.benchmarkSeconds,
      pace,
      status: row.status,
    });
    groups.set(key, group);
  }
  return inKindLevelOrder([...groups.values()]);
}

/** The gap before each move: the first from the session start, then from the move before. */
function gapsOf(log: readonly LogEntry[] | null): number[] {
  if (!log) return [];
  return log.map(([t], i) => t - (i === 0 ? 0 : (log[i - 1] as LogEntry)[0]));
}

function heldView(row: PlayerEvidenceRows['held'][number]): PlayerEvidence['underReview'][number] {
  return {
    submissionId: row.submissionId,
    puzzleId: row.puzzleId,
    kind: row.kind,
    level: row.level,
    status: row.status === 'pending' ? 'pending' : 'flagged',
    submittedAt: row.submittedAt,
    countedMs: row.countedMs,
    benchmarkSeconds: row.benchmarkSeconds,
    reasons: row.flags ?? [],
    floorMs: row.evidence?.floorMs ?? null,
    eliteMs: row.evidence?.eliteMs ?? null,
    gapsMs: gapsOf(row.log),
  };
}

/**
 * The signals the suspects list counts for the player now: within the window and after its last clear, as
 * src/play/suspects.ts reads them; a banned player is never listed.
 */
function suspicionView(rows: PlayerEvidenceRows, now: Date): PlayerEvidence['suspicion'] {
  const windowStart = new Date(now.getTime() - SUSPECT_WINDOW_MS).toISOString();
  const cleared = rows.player?.suspectClearedAt ?? null;
  const since = cleared !== null && cleared > windowStart ? cleared : windowStart;
  const signals = rows.solves
    .filter(
      (s) =>
        (s.hugsFloor || s.earlyElite || s.ramp) &&
        s.submittedAt >= windowStart &&
        s.submittedAt > (cleared ?? ''),
    )
    .reverse();
  const suspicion = suspicionOf(signals);
  return {
    listed: suspicion.listed && !rows.player?.bannedAt,
    since,
    floorHugs: suspicion.floorHugs,
    earlyEliteKinds: suspicion.earlyEliteKinds,
    ramps: suspicion.ramps,
    signals: signals.map((s) => ({
      submissionId: s.submissionId,
      kind: s.kind,
      level: s.level,
      submittedAt: s.submittedAt,
      pace: paceOf(s),
      hugsFloor: s.hugsFloor,
      earlyElite: s.earlyElite,
      ramp: s.ramp,
    })),
  };
}
