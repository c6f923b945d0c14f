import { type PlayerRow, ratingsOf } from '../db/players.js';
import type { Services } from '../http/context.js';
import { KINDS } from '../kinds/index.js';
import { playerStreak } from './player-streak.js';

/** The player as it sees itself: name, calendar, streak and its rating in every kind it has played. */
export async function playerProfile(services: Services, player: PlayerRow) {
  const [streak, ratings] = await Promise.all([
    playerStreak(services, player),
    ratingsOf(services.db, player.id),
  ]);
  return {
    id: player.id,
    displayName: player.displayName,
    createdAt: player.createdAt,
    timeZone: player.timeZone,
    streak,
    ratings: KINDS.flatMap((kind) => {
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
    }),
  };
}

export type PlayerProfile = Awaited<ReturnType<typeof playerProfile>>;
