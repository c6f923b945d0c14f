import { z } from 'zod';

export const FollowSchema = z
  .object({ playerId: z.string(), following: z.literal(true), created: z.boolean() })
  .meta({ id: 'Follow', description: 'created: false when the player was followed already' });

export type Follow = z.infer<typeof FollowSchema>;

export const FollowsPageSchema = z
  .object({
    follows: z.array(
      z.object({ playerId: z.string(), displayName: z.string().nullable(), followedAt: z.string() }),
    ),
    nextCursor: z.string().nullable().meta({ description: 'Null on the last page' }),
  })
  .meta({ id: 'Follows' });

export type FollowsPage = z.infer<typeof FollowsPageSchema>;
