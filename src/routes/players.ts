import { createRoute, z } from '@hono/zod-openapi';
import {
  NewPlayerRequestSchema,
  NewPlayerSchema,
  PlayerChangesSchema,
  PlayerProfileSchema,
  PublicProfileSchema,
} from '../contract/player.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { type ChangeOutcome, changePlayer } from '../play/change-player.js';
import { playerProfile } from '../play/profile.js';
import { registerPlayer } from '../play/register.js';
import { type VisibleProfileOutcome, visibleProfile } from '../play/visibility.js';
import { idempotent, limitedBy, NO_TOKEN, OPTIONAL_PLAYER_READ, PLAYER, PLAYER_READ } from './access.js';
import { jsonAnswer, jsonBody, optionalJsonBody } from './json.js';
import { readsOwnSolves } from './own-solves.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { jsonError, notATimeZone, playerIdParam } from './schemas.js';
import { TAGS } from './tags.js';

const PROFILE_REFUSALS = {
  not_found: [
    404,
    'not_found',
    (_, { id }) => `There is no player ${id} you can see`,
    { doc: 'No such player, or not one the caller may see' },
  ],
} as const satisfies Refusals<Failed<VisibleProfileOutcome>, { id: string }>;

const CHANGE_REFUSALS = {
  unknown_time_zone: [
    400,
    'invalid_time_zone',
    (_, { timeZone }) => notATimeZone(timeZone),
    { doc: 'A time zone that is not an IANA one' },
  ],
  too_soon: [
    429,
    'time_zone_locked',
    'The time zone can change once every 24 hours',
    { details: ({ retryAfterSeconds }) => ({ retryAfterSeconds }) },
  ],
} as const satisfies Refusals<Failed<ChangeOutcome>, { timeZone: string }>;

const create = createRoute({
  method: 'post',
  path: '/players',
  operationId: 'registerPlayer',
  tags: [TAGS.players.name],
  ...idempotent(NO_TOKEN),
  summary: 'Register an anonymous player',
  request: {
    body: optionalJsonBody(NewPlayerRequestSchema),
  },
  responses: {
    201: jsonAnswer(NewPlayerSchema, 'The player and its token'),
    400: jsonError('Invalid display name'),
    429: jsonError('Too many new players from this address or network; see Retry-After'),
  },
});

const me = createRoute({
  method: 'get',
  path: '/players/me',
  operationId: 'getMe',
  tags: [TAGS.players.name],
  ...readsOwnSolves(PLAYER_READ, 'live'),
  summary: 'The calling player: name, calendar, streak and ratings per kind',
  responses: {
    200: jsonAnswer(PlayerProfileSchema, 'The player'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
  },
});

const profile = createRoute({
  method: 'get',
  path: '/players/{id}',
  operationId: 'getPlayer',
  tags: [TAGS.players.name],
  ...OPTIONAL_PLAYER_READ,
  summary: "Another player's public profile, as its board visibility allows",
  description:
    '`public` players are seen by everyone, `followers` players by the players they follow who follow them, ' +
    '`hidden`, banned and deleted players by nobody but themselves; a player one may not see answers 404, ' +
    'like one that does not exist. The same rule decides every board, member list, follows list and export.',
  request: {
    params: z.object({
      id: playerIdParam('id'),
    }),
  },
  responses: {
    200: jsonAnswer(PublicProfileSchema, 'The player'),
    ...errorResponses(
      { 400: 'Malformed id', 401: 'A bearer token was sent but is not a valid player token' },
      PROFILE_REFUSALS,
    ),
  },
});

const change = createRoute({
  method: 'patch',
  path: '/players/me',
  operationId: 'updateMe',
  tags: [TAGS.players.name],
  // Counted before the player is read: a burst of changes costs no database work.
  ...readsOwnSolves(limitedBy(PLAYER, [RATE_LIMITS.renamePerPlayer, RATE_LIMITS.renamePerIp]), 'live'),
  summary: "Change the calling player's display name, time zone or board visibility",
  request: {
    body: jsonBody(PlayerChangesSchema),
  },
  responses: {
    200: jsonAnswer(PlayerProfileSchema, 'The changed player'),
    ...errorResponses(
      {
        400: 'Invalid display name',
        401: 'Missing or invalid token',
        403: 'The player is banned',
        429: 'Too many changes; see Retry-After',
      },
      CHANGE_REFUSALS,
    ),
  },
});

export const playerRoutes = routeGroup()
  .openapi(create, async (c) => {
    const services = c.var.services;
    await enforceRateLimit(c, RATE_LIMITS.playerCreationPerIp, clientAddress(c));
    return c.json(
      await registerPlayer(services, { displayName: c.req.valid('json')?.displayName ?? null }),
      201,
    );
  })
  .openapi(me, async (c) => {
    return c.json(await playerProfile(c.var.services, c.var.player), 200);
  })
  .openapi(change, async (c) => {
    const services = c.var.services;
    const body = c.req.valid('json');
    const outcome = await changePlayer(services, c.var.player, body);
    if (!outcome.ok) {
      if (outcome.reason === 'too_soon') c.header('Retry-After', String(outcome.retryAfterSeconds));
      throw refusal(CHANGE_REFUSALS, outcome, { timeZone: body.timeZone ?? '' });
    }
    return c.json(await playerProfile(services, outcome.player), 200);
  })
  .openapi(profile, async (c) => {
    const services = c.var.services;
    const { id } = c.req.valid('param');
    const outcome = await visibleProfile(services, c.var.player?.id ?? null, id);
    if (!outcome.ok) throw refusal(PROFILE_REFUSALS, outcome, { id });
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(outcome.profile, 200);
  });
