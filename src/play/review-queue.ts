import type { ReviewItem, ReviewQueue } from '../contract/review-queue.js';
import { heldPage, placesAhead } from '../db/moderation.js';
import type { Services } from '../services.js';
import { flagOf } from './flag-view.js';
import { listSuspects } from './suspects.js';
import { heldTopRows } from './top-review.js';

/** The held solves the queue shows at most (the most places first); the flags' pages hold the rest. */
export const QUEUE_HELD_SOLVES = 100;

const TYPE_ORDER: Record<ReviewItem['type'], number> = { solve: 0, top: 1, suspect: 2 };

/**
 * Everything waiting for a moderator in one list, ordered by the public places at stake: held and flagged
 * solves (the places they would take if approved), rows held back from the live top 10 places (the places
 * they would show at) and suspects (the most places one of their counted solves of the window holds), each
 * counted by one rule (placesAhead: the counted solves of the puzzle it goes ahead of). Ties: solves first,
 * then held rows, then suspects, each in its own list's order.
 */
export async function reviewQueue(services: Pick<Services, 'db' | 'config' | 'now'>): Promise<ReviewQueue> {
  const { db } = services;
  const [held, top, { suspects }] = await Promise.all([
    heldPage(db, null, QUEUE_HELD_SOLVES + 1),
    heldTopRows(services),
    listSuspects(db, services.now()),
  ]);
  const counted = suspects.map((s) =>
    s.solves.filter(
      (solve) => (solve.status === 'clean' || solve.status === 'approved') && solve.countedMs !== null,
    ),
  );
  const placed = [
    ...top.map((r) => ({ puzzleId: r.puzzleId, countedMs: r.countedMs, id: r.submissionId })),
    ...counted.flat().map((s) => ({ puzzleId: s.puzzleId, countedMs: s.countedMs ?? 0, id: s.submissionId })),
  ];
  const places = await placesAhead(db, placed);
  const topPlaces = places.slice(0, top.length);
  let next = top.length;
  const items: ReviewItem[] = [
    ...held
      .slice(0, QUEUE_HELD_SOLVES)
      .map((r): ReviewItem => ({ type: 'solve', places: r.places, solve: flagOf(r) })),
    ...top.map((row, i): ReviewItem => ({ type: 'top', places: topPlaces[i] ?? 0, row })),
    ...suspects.map((suspect, i): ReviewItem => {
      const solves = counted[i] ?? [];
      const own = places.slice(next, next + solves.length);
      next += solves.length;
      const most = own.reduce((best, n, j) => (n > (own[best] ?? -1) ? j : best), 0);
      return {
        type: 'suspect',
        places: own[most] ?? 0,
        puzzleId: solves[most]?.puzzleId ?? null,
        suspect,
      };
    }),
  ];
  // A stable sort: equal places keep the type order, then each list's own order.
  items.sort((a, b) => b.places - a.places || TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
  return { items, heldSolvesTruncated: held.length > QUEUE_HELD_SOLVES };
}
