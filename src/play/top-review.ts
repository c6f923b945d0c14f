import type { HeldTop } from '../contract/fair-play-admin.js';
import { liveDates } from '../daily/calendar.js';
import { puzzleId } from '../daily/puzzle-id.js';
import { puzzlesOfDate } from '../daily/schedule.js';
import { puzzleBoardPage } from '../db/leaderboards.js';
import { TOP_ROWS } from '../fairplay/long-history.js';
import type { Services } from '../services.js';
import { earnedNow } from './board-top.js';

/** A row held back from a live puzzle's top places, for a moderator to approve or void. */
export type HeldTopRow = HeldTop['rows'][number];

/**
 * The rows of the live puzzles' boards held back from their top TOP_ROWS places (src/play/board-top.ts),
 * the highest places first: approving the player (POST /v1/admin/players/{id}/approve) or the solve shows
 * the row; voiding the solve removes it.
 */
export async function heldTopRows(services: Pick<Services, 'db' | 'config' | 'now'>): Promise<HeldTopRow[]> {
  const now = services.now();
  const candidates: HeldTopRow[] = [];
  for (const date of liveDates(now)) {
    for (const key of puzzlesOfDate(date)) {
      const id = puzzleId(key);
      const page = await puzzleBoardPage(services.db, id, {
        after: null,
        limit: TOP_ROWS,
        viewerId: null,
        scope: { kind: 'global' },
      });
      for (const row of page.entries) {
        if (row.rank > TOP_ROWS || row.approved) continue;
        const { playerId, displayName, rank, submissionId, countedMs } = row;
        candidates.push({ puzzleId: id, rank, submissionId, playerId, displayName, countedMs });
      }
    }
  }
  const earned = await earnedNow(
    services,
    candidates.map((r) => r.playerId),
  );
  return candidates
    .filter((r) => !earned.has(r.playerId))
    .sort((a, b) => a.rank - b.rank || a.puzzleId.localeCompare(b.puzzleId));
}
