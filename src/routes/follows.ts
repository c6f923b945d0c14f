import { createRoute, z } from '@hono/zod-openapi';
import { FollowSchema, FollowsPageSchema } from '../contract/follows.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { decodeCursor, pageOf } from '../http/cursor.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import {
  type FollowOutcome,
  follow,
  followingPage,
  MAX_FOLLOWS,
  type UnfollowOutcome,
  unfollow,
} from '../play/follows.js';
import { limitedBy, PLAYER, PLAYER_READ } from './access.js';
import { jsonAnswer, PageQuery } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { jsonError, playerIdParam } from './schemas.js';
import { TAGS } from './tags.js';

const PlayerIdParam = z.object({ playerId: playerIdParam('playerId') });

const FOLLOW_REFUSALS = {
  self: [400, 'cannot_follow_self', 'A player cannot follow itself'],
  not_found: [
    404,
    'not_found',
    (_, { playerId }) => `There is no player ${playerId}`,
    {
      doc: 'No such player, or one that cannot be followed (hidden, banned or deleted): the same answer for both',
    },
  ],
  limit: [409, 'follow_limit', `A player follows at most ${MAX_FOLLOWS} others`],
} as const satisfies Refusals<Failed<FollowOutcome>, { playerId: string }>;

const UNFOLLOW_REFUSALS = {
  not_following: [
    404,
    'not_following',
    (_, { playerId }) => `The caller does not follow ${playerId}`,
    { doc: 'The caller does not follow that player' },
  ],
} as const satisfies Refusals<Failed<UnfollowOutcome>, { playerId: string }>;

const put = createRoute({
  method: 'put',
  path: '/players/me/follows/{playerId}',
  operationId: 'followPlayer',
  tags: [TAGS.social.name],
  ...limitedBy(PLAYER, [RATE_LIMITS.followPerPlayer, RATE_LIMITS.followPerIp]),
  summary: `Follow a player (at most ${MAX_FOLLOWS}); its solves then show on the caller's following boards`,
  request: { params: PlayerIdParam },
  responses: {
    200: jsonAnswer(FollowSchema, 'Followed (created: false when it already was)'),
    ...errorResponses(
      {
        400: 'Malformed id',
        401: 'Missing or invalid token',
        429: 'Too many follows by this player or from this address or network; see Retry-After',
      },
      FOLLOW_REFUSALS,
    ),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/players/me/follows/{playerId}',
  operationId: 'unfollowPlayer',
  tags: [TAGS.social.name],
  ...PLAYER,
  summary: 'Stop following a player',
  request: { params: PlayerIdParam },
  responses: {
    204: { description: 'No longer followed' },
    ...errorResponses({ 400: 'Malformed id', 401: 'Missing or invalid token' }, UNFOLLOW_REFUSALS),
  },
});

const list = createRoute({
  method: 'get',
  path: '/players/me/follows',
  operationId: 'listFollows',
  tags: [TAGS.social.name],
  ...PLAYER_READ,
  summary: 'The players the caller follows and may see',
  description:
    'A follow of a player the caller may not see (hidden, or `followers` without following back) is kept ' +
    'and counts towards the limit, but is not listed; DELETE still ends it.',
  request: { query: PageQuery },
  responses: {
    200: jsonAnswer(FollowsPageSchema, 'One page'),
    400: jsonError('Malformed cursor'),
    401: jsonError('Missing or invalid token'),
  },
});

const FollowCursor = z.object({ after: z.string() });

export const followRoutes = routeGroup()
  .openapi(put, async (c) => {
    const { playerId } = c.req.valid('param');
    const outcome = await follow(c.var.services, c.var.player.id, playerId);
    if (!outcome.ok) throw refusal(FOLLOW_REFUSALS, outcome, { playerId });
    return c.json({ playerId, following: true as const, created: outcome.created }, 200);
  })
  .openapi(remove, async (c) => {
    const { playerId } = c.req.valid('param');
    const outcome = await unfollow(c.var.services, c.var.player.id, playerId);
    if (!outcome.ok) throw refusal(UNFOLLOW_REFUSALS, outcome, { playerId });
    return c.body(null, 204);
  })
  .openapi(list, async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const rows = await followingPage(
      c.var.services,
      c.var.player.id,
      decodeCursor(cursor, FollowCursor)?.after ?? null,
      limit + 1,
    );
    const page = pageOf(rows, limit, (last) => ({ after: last.playerId }));
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ follows: page.rows, nextCursor: page.nextCursor }, 200);
  });
