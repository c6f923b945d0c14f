import type { PlayerProfile, PublicProfile } from '../contract/player.js';
import { type PlayerRow, ratingsOf } from '../db/players.js';
import { KINDS } from '../kinds/index.js';
import type { Services } from '../services.js';
import { settleOwnLiveSolves } from './own-solve-read.js';
import { playerStreak } from './player-streak.js';

/** The player's rating in every kind it has played, in the registry's order of kinds. */
async function ratingsView(services: Services, playerId: string) {
  const ratings = await ratingsOf(services.db, playerId);
  return KINDS.flatMap((kind) => {
    const row = ratings.find((r) => r.kind === kind);
    if (!row) return [];
    return [
      {
        kind,
        rating: Math.round(row.rating),
        deviation: Math.round(row.deviation),
        games: row.games,
        provisional: !row.established,
      },
    ];
  });
}

/** The player as it sees itself: name, calendar, visibility, streak and its rating in every kind it has played. */
export async function playerProfile(services: Services, player: PlayerRow): Promise<PlayerProfile> {
  const [streak, ratings] = await Promise.all([
    playerStreak(services, player),
    ratingsView(services, player.id),
  ]);
  return {
    id: player.id,
    displayName: player.displayName,
    createdAt: player.createdAt,
    timeZone: player.timeZone,
    boardVisibility: player.boardVisibility,
    streak,
    ratings,
  };
}

/** The part of a player anyone allowed to see it may see. */
export async function publicProfile(services: Services, player: PlayerRow): Promise<PublicProfile> {
  // Not the caller's own solves, so no route can declare them (src/routes/own-solves.ts): as before, the
  // profile's player's solves still on their boards are copied first, whoever asks.
  await settleOwnLiveSolves(services, player.id);
  const { id, displayName, ratings, streak } = await playerProfile(services, player);
  return { id, displayName, ratings, streak: { current: streak.current, best: streak.best } };
}
