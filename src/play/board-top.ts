import type { TopEvidence } from '../contract/fair-play-admin.js';
import type { BoardScope } from '../db/board-scope.js';
import { earnedEvidence, earnedPlayers } from '../db/earned-players.js';
import { puzzleBoardPage } from '../db/leaderboards.js';
import { type HistoryBar, longHistoryBar, TOP_ROWS } from '../fairplay/long-history.js';
import type { Services } from '../services.js';

/** A row of a global board: its exact rank, its player, and whether a moderator approved this very solve. */
export interface TopRow {
  rank: number;
  playerId: string;
  approved?: boolean;
}

/**
 * A board's reach matches its evidence: the top TOP_ROWS rows of a global board show only players with a
 * long clean history or a moderator's approval (src/fairplay/long-history.ts). Any other row there is held
 * back from this page and counted in `heldForReview`, so that the ranks shown stay exact (ranks are the
 * whole crowd's and may skip). The player keeps its exact rank in its own answers (`me`, its submission's
 * result) and on its friends' and groups' boards (a scope of people one knows holds nothing back);
 * moderators find held rows in GET /v1/admin/top-review.
 */
export async function holdUnearnedTop<Row extends TopRow>(
  services: Pick<Services, 'db' | 'config' | 'now'>,
  scope: BoardScope,
  rows: readonly Row[],
  /** Which players of the board's top have the evidence, when the page's read took it (topEvidenceBar). */
  topEarned?: ReadonlySet<string>,
): Promise<{ rows: Row[]; heldForReview: number }> {
  const candidates =
    scope.kind === 'global' ? rows.filter((r) => r.rank <= TOP_ROWS && r.approved !== true) : [];
  if (candidates.length === 0) return { rows: [...rows], heldForReview: 0 };
  const earned =
    topEarned ??
    (await earnedNow(
      services,
      candidates.map((r) => r.playerId),
    ));
  const held = new Set(candidates.filter((r) => !earned.has(r.playerId)));
  return { rows: rows.filter((r) => !held.has(r)), heldForReview: held.size };
}

/**
 * The bar a board's top rows ask for now (the site's age), for a page that reads its top's evidence in its
 * own batch and hands it to holdUnearnedTop.
 */
export function topEvidenceBar(services: Pick<Services, 'config' | 'now'>): HistoryBar {
  return longHistoryBar(services.config.firstDay, services.now());
}

/** Which of these players have the evidence for a board's top rows now (the bar of the site's age). */
export function earnedNow(
  services: Pick<Services, 'db' | 'config' | 'now'>,
  playerIds: readonly string[],
): Promise<Set<string>> {
  return earnedPlayers(services.db, playerIds, topEvidenceBar(services));
}

/**
 * The top TOP_ROWS places of a puzzle's global board as moderators see them: every row, the held ones
 * included, each with its evidence badge: `approved` (this solve, or its player, by a moderator),
 * `long_history` (the bar of the site's age, earnedNow) or `new` (neither: held back from the public page).
 */
export async function topWithEvidence(
  services: Pick<Services, 'db' | 'config' | 'now'>,
  puzzleId: string,
): Promise<TopEvidence> {
  const page = await puzzleBoardPage(services.db, puzzleId, {
    after: null,
    limit: TOP_ROWS,
    viewerId: null,
    scope: { kind: 'global' },
  });
  const top = page.entries.filter((r) => r.rank <= TOP_ROWS);
  const earned = await earnedEvidence(
    services.db,
    top.filter((r) => !r.approved).map((r) => r.playerId),
    topEvidenceBar(services),
  );
  return {
    puzzleId,
    solvers: page.solvers,
    rows: top.map(({ rank, submissionId, playerId, displayName, countedMs, approved }) => {
      const evidence = approved ? 'approved' : (earned.get(playerId) ?? 'new');
      return { rank, submissionId, playerId, displayName, countedMs, evidence, held: evidence === 'new' };
    }),
  };
}
