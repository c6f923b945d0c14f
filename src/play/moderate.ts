import type { NewAdminAction } from '../db/audit-log.js';
import type { Db } from '../db/client.js';
import { banPlayer, findPlayerForModeration, findSubmission, setSolveStatus } from '../db/moderation.js';
import type { Moderator } from '../db/moderators.js';
import type { PlayerRatingRow } from '../db/player-ratings.js';
import { puzzleRatingState } from '../db/puzzle-ratings.js';
import type { SolveStatus } from '../db/schema.js';
import { sessionPuzzleIds } from '../db/sessions.js';
import type { Kind } from '../kinds/index.js';
import type { LiveDesks } from '../live/desks.js';
import type { Services } from '../services.js';
import { auditEntry } from './audit-entry.js';
import { catchUpPlayerRating } from './catch-up-player-rating.js';
import { catchUpPuzzleRating } from './catch-up-puzzle-ratings.js';
import { emit } from './emit-event.js';
import { changeLiveSolves } from './live-moderation.js';

/** Where moderation's webhook events go: the request's services (tests that call the flows may leave it out). */
type Events = Pick<Services, 'webhooks' | 'now'>;

/** Puzzles a ban replays at once; the daily job replays the rest (their ratings read as new meanwhile). */
export const MAX_PUZZLES_REPLAYED_AT_ONCE = 50;

/** What a moderator's action re-derived: the puzzles' and the player's ratings, replayed from their games. */
export interface Rederived {
  puzzles: { id: string; rating: number; deviation: number }[];
  /** Puzzles left for the daily job. */
  puzzlesPending: number;
  ratings: { kind: Kind; rating: number; deviation: number; games: number }[];
}

export type ModerationOutcome =
  | { ok: true; status: SolveStatus; rederived: Rederived }
  | { ok: false; reason: 'not_found' | 'not_ranked' | 'already' };

export type BanOutcome = { ok: true; rederived: Rederived } | { ok: false; reason: 'not_found' | 'already' };

/**
 * Ranks a pending or flagged solve: it counts from now on, in its place in submission order, and its pace
 * may lower the record pace of its kind and level (a person was seen that fast). A live puzzle's board
 * (`boards`) takes the change in (play/live-moderation.ts).
 */
export async function approveSolve(
  db: Db,
  id: number,
  by: Moderator,
  reason: string,
  now: Date,
  boards?: LiveDesks,
  events?: Events,
): Promise<ModerationOutcome> {
  const outcome = await changeStatus(
    db,
    id,
    { from: ['pending', 'flagged'], to: 'approved' },
    auditEntry(by, 'approve', String(id), reason, now),
    now,
    boards,
    events,
  );
  return outcome;
}

/** Removes a ranked solve (held or not): it counts nowhere, and everything it moved is re-derived without it. */
export function voidSolve(
  db: Db,
  id: number,
  by: Moderator,
  reason: string,
  now: Date,
  boards?: LiveDesks,
  events?: Events,
): Promise<ModerationOutcome> {
  return changeStatus(
    db,
    id,
    { from: ['clean', 'pending', 'flagged', 'approved'], to: 'voided' },
    auditEntry(by, 'void', String(id), reason, now),
    now,
    boards,
    events,
  );
}

async function changeStatus(
  db: Db,
  id: number,
  change: { from: readonly SolveStatus[]; to: SolveStatus },
  action: NewAdminAction,
  now: Date,
  boards: LiveDesks | undefined,
  events: Events | undefined,
): Promise<ModerationOutcome> {
  const solve = await findSubmission(db, id);
  if (!solve) return { ok: false, reason: 'not_found' };
  if (!solve.ranked) return { ok: false, reason: 'not_ranked' };
  const outcome = await changeLiveSolves(db, boards, [solve.puzzleId], now, () =>
    applyStatus(db, solve, change, action, now),
  );
  if (outcome.ok && events) {
    await emit(events, {
      type: change.to === 'approved' ? 'solve.approved' : 'solve.voided',
      playerId: solve.playerId,
      data: {
        submissionId: solve.id,
        puzzleId: solve.puzzleId,
        kind: solve.kind,
        from: solve.status ?? 'clean',
      },
    });
  }
  return outcome;
}

async function applyStatus(
  db: Db,
  solve: NonNullable<Awaited<ReturnType<typeof findSubmission>>>,
  change: { from: readonly SolveStatus[]; to: SolveStatus },
  action: NewAdminAction,
  now: Date,
): Promise<ModerationOutcome> {
  if (!change.from.includes(solve.status ?? 'clean')) return { ok: false, reason: 'already' };
  const player = await findPlayerForModeration(db, solve.playerId);
  const counted = (change.to === 'approved' || change.to === 'clean') && !player?.bannedAt;
  const applied = await setSolveStatus(db, {
    solve,
    status: change.to,
    counted,
    audit: { ...action, details: { puzzleId: solve.puzzleId, playerId: solve.playerId, from: solve.status } },
  });
  if (!applied) return { ok: false, reason: 'already' };
  const rederived = await replay(db, [solve.puzzleId], solve.playerId, [solve.kind], now);
  return { ok: true, status: change.to, rederived };
}

/**
 * Bans a player: every solve hidden, its tokens refused, and what its solves moved re-derived. The boards
 * of the live puzzles it started take the ban in (a solve of it not yet copied to D1 included).
 */
export async function banPlayerNow(
  db: Db,
  playerId: string,
  by: Moderator,
  reason: string,
  now: Date,
  boards?: LiveDesks,
): Promise<BanOutcome> {
  const player = await findPlayerForModeration(db, playerId);
  if (!player) return { ok: false, reason: 'not_found' };
  if (player.bannedAt) return { ok: false, reason: 'already' };
  const started = boards ? await sessionPuzzleIds(db, playerId) : [];
  return changeLiveSolves(db, boards, started, now, async () => {
    const { puzzleIds, kinds } = await banPlayer(db, {
      playerId,
      reason,
      at: now.toISOString(),
      audit: auditEntry(by, 'ban', playerId, reason, now),
    });
    return { ok: true, rederived: await replay(db, puzzleIds, playerId, kinds, now) } as const;
  });
}

/** Replays the reset ratings from their remaining counted games (puzzles up to the at-once budget). */
async function replay(
  db: Db,
  puzzleIds: readonly string[],
  playerId: string,
  kinds: readonly Kind[],
  now: Date,
) {
  const puzzles: Rederived['puzzles'] = [];
  for (const id of puzzleIds.slice(0, MAX_PUZZLES_REPLAYED_AT_ONCE)) {
    const state = await puzzleRatingState(db, id);
    if (!state) continue;
    await catchUpPuzzleRating(db, state);
    const after = await puzzleRatingState(db, id);
    if (after) puzzles.push({ id, rating: after.rating, deviation: after.ratingDeviation });
  }
  const ratings: Rederived['ratings'] = [];
  for (const kind of kinds) {
    const row: PlayerRatingRow | undefined = await catchUpPlayerRating(db, playerId, kind, now);
    if (row) ratings.push({ kind, rating: row.rating, deviation: row.deviation, games: row.games });
  }
  return { puzzles, puzzlesPending: Math.max(0, puzzleIds.length - MAX_PUZZLES_REPLAYED_AT_ONCE), ratings };
}
