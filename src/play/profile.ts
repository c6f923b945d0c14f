import { z } from '@hono/zod-openapi';
import { type PlayerRow, ratingsOf } from '../db/players.js';
import type { Services } from '../http/context.js';
import { KINDS } from '../kinds/index.js';
import { playerStreak } from './player-streak.js';
import { StreakSchema } from './streak-view.js';

const RatingSchema = z.object({
  kind: z.enum(KINDS),
  rating: z.number().int(),
  deviation: z.number().int(),
  games: z.number().int().openapi({ description: 'Counted (clean) ranked solves of the kind' }),
  provisional: z.boolean().openapi({
    description:
      'Not yet established in the kind (fewer than 5 counted solves on 3 dates, or deviation 230 or more): ' +
      'its games do not move puzzles and it is not on the rating board',
  }),
});

/** The player as it sees itself (GET /v1/players/me). */
export const PlayerProfileSchema = z
  .object({
    id: z.string().openapi({ example: '2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11' }),
    displayName: z.string().nullable(),
    createdAt: z.string(),
    timeZone: z.string().nullable().openapi({
      description: "The player's calendar for streaks (IANA); UTC until set",
      example: 'Europe/Paris',
    }),
    boardVisibility: z.enum(['public', 'followers', 'hidden']).openapi({
      description:
        'Who sees the player on boards and its profile: everyone; only players it follows and who follow it; ' +
        'nobody (its rows show as a hidden player)',
    }),
    streak: StreakSchema,
    ratings: z.array(RatingSchema).openapi({ description: 'Every kind the player has a counted solve of' }),
  })
  .openapi('Player');

export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

/** What others may see of a player (GET /v1/players/{id}), when its visibility lets them. */
export const PublicProfileSchema = PlayerProfileSchema.pick({ id: true, displayName: true, ratings: true })
  .extend({ streak: StreakSchema.pick({ current: true, best: true }) })
  .openapi('PublicPlayer');

export type PublicProfile = z.infer<typeof PublicProfileSchema>;

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
  const [streak, ratings] = await Promise.all([
    playerStreak(services, player),
    ratingsView(services, player.id),
  ]);
  return {
    id: player.id,
    displayName: player.displayName,
    ratings,
    streak: { current: streak.current, best: streak.best },
  };
}
