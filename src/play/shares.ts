import { toBase64Url } from '../auth/base64url.js';
import { shareText } from '../card/text.js';
import type { Share, ShareCard, ShareRequest } from '../contract/shares.js';
import type { PlayerRow } from '../db/players.js';
import { deleteShare, insertShare, type ShareRow, shareableSolves, sharesOf } from '../db/shares.js';
import { inKindLevelOrder } from '../kinds/order.js';
import type { Services } from '../services.js';
import { playerStreak } from './player-streak.js';

/** 16 random bytes, 22 base64url characters: a link nobody can guess or walk to from another. */
function newShareCode(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

export type ShareOutcome =
  | { ok: true; share: ShareRow }
  | { ok: false; reason: 'not_solved' }
  | { ok: false; reason: 'solve_under_review' };

/**
 * A share of one solve, or of every puzzle of the date the player solved. Its figures are fixed now, so that
 * the card's image never changes: ranks and the streak only for a player whose board visibility is
 * `public`, since anyone with the link sees the card (a `followers` player's rank is for its mutual
 * follows, a `hidden` one's for nobody).
 */
export async function createShare(
  services: Services,
  player: PlayerRow,
  request: ShareRequest,
): Promise<ShareOutcome> {
  const one = request.kind && request.level ? { kind: request.kind, level: request.level } : null;
  // The card's figures are fixed now: its route declares the player's own solves of the request read
  // (src/routes/own-solves.ts), so a solve still on its live board is in D1 by now.
  const found = await shareableSolves(services.db, player.id, request.date, one);
  // Only counted solves make a card: a held one is not a result yet, and a card of it would outlive a void.
  const solves = found.filter((s) => s.status === 'clean' || s.status === 'approved');
  if (solves.length === 0) {
    return { ok: false, reason: found.length > 0 ? 'solve_under_review' : 'not_solved' };
  }
  const shown = player.boardVisibility === 'public';
  const card: ShareCard = {
    date: request.date,
    puzzles: inKindLevelOrder(solves).map((s) => ({
      kind: s.kind,
      level: s.level,
      countedMs: s.countedMs,
      score: s.score,
      rank: shown ? s.rank : null,
      solvers: shown ? s.solvers : null,
    })),
    streak: shown ? (await playerStreak(services, player)).current : null,
  };
  const share = await insertShare(services.db, {
    code: newShareCode(),
    playerId: player.id,
    date: request.date,
    kind: one?.kind ?? null,
    level: one?.level ?? null,
    card,
    createdAt: services.now().toISOString(),
  });
  return { ok: true, share };
}

export async function listShares(services: Services, playerId: string): Promise<ShareRow[]> {
  return sharesOf(services.db, playerId);
}

/** Revokes the player's share: its page and image answer 404 from then on. False for a code it does not hold. */
export async function revokeShare(services: Services, playerId: string, code: string): Promise<boolean> {
  return deleteShare(services.db, playerId, code);
}

/** A share's URLs on the origin the request came to. */
export function shareUrls(origin: string, code: string): Share['urls'] {
  return { page: `${origin}/s/${code}`, png: `${origin}/s/${code}.png` };
}

export function shareView(row: ShareRow, origin: string): Share {
  const urls = shareUrls(origin, row.code);
  return {
    code: row.code,
    date: row.date,
    kind: row.kind,
    level: row.level,
    text: shareText(row.card, urls.page),
    urls,
    card: row.card,
    createdAt: row.createdAt,
  };
}
