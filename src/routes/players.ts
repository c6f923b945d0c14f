import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { newPlayerId, newTokenId, playerToken } from '../auth/player-token.js';
import { insertPlayer } from '../db/players.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { optionalPlayer, requirePlayer, requirePlayerToken } from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { changePlayer } from '../play/change-player.js';
import { PlayerProfileSchema, PublicProfileSchema, playerProfile } from '../play/profile.js';
import { visibleProfile } from '../play/visibility.js';
import { jsonError } from './schemas.js';

/** Letters and digits of any script, spaces, and a few joiners; no control or invisible characters. */
const DisplayName = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(32, 'must be at most 32 characters')
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u,
    "may hold letters, digits, spaces and . _ ' - only, starting with a letter or digit",
  )
  .openapi({ example: 'Ada' });

export const NewPlayerSchema = z
  .object({
    player: PlayerProfileSchema,
    token: z.string().openapi({ description: 'Bearer token for `Authorization: Bearer <token>`; keep it' }),
  })
  .openapi('NewPlayer');

const bearer = [{ bearer: [] }];

const create = createRoute({
  method: 'post',
  path: '/players',
  summary: 'Register an anonymous player',
  request: {
    body: {
      required: false,
      content: { 'application/json': { schema: z.strictObject({ displayName: DisplayName.optional() }) } },
    },
  },
  responses: {
    201: {
      content: { 'application/json': { schema: NewPlayerSchema } },
      description: 'The player and its token',
    },
    400: jsonError('Invalid display name'),
    429: jsonError('Too many new players from this address; see Retry-After'),
  },
});

const me = createRoute({
  method: 'get',
  path: '/players/me',
  summary: 'The calling player: name, calendar, streak and ratings per kind',
  security: bearer,
  responses: {
    200: { content: { 'application/json': { schema: PlayerProfileSchema } }, description: 'The player' },
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
  },
});

const PlayerChanges = z
  .strictObject({
    displayName: DisplayName.nullable().optional().openapi({ description: 'null clears it' }),
    timeZone: z.string().max(64).optional().openapi({
      description: 'IANA time zone of the calendar streaks are counted in; it can change once every 24 hours',
      example: 'Europe/Paris',
    }),
    boardVisibility: z.enum(['public', 'followers', 'hidden']).optional().openapi({
      description: 'Who sees the player on boards and its profile (see Player)',
      example: 'followers',
    }),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'name at least one of displayName, timeZone and boardVisibility',
  );

const profile = createRoute({
  method: 'get',
  path: '/players/{id}',
  summary: "Another player's public profile, as its board visibility allows",
  description:
    '`public` players are seen by everyone, `followers` players by the players they follow who follow them, ' +
    '`hidden` players by nobody but themselves; a player one may not see answers 404, like one that does not exist.',
  request: {
    params: z.object({
      id: z
        .string()
        .uuid('must be a player id')
        .openapi({ param: { name: 'id', in: 'path' } }),
    }),
  },
  responses: {
    200: { content: { 'application/json': { schema: PublicProfileSchema } }, description: 'The player' },
    400: jsonError('Malformed id'),
    401: jsonError('A bearer token was sent but is not a valid player token'),
    404: jsonError('No such player, or not one the caller may see'),
  },
});

const change = createRoute({
  method: 'patch',
  path: '/players/me',
  summary: "Change the calling player's display name, time zone or board visibility",
  security: bearer,
  request: {
    body: { required: true, content: { 'application/json': { schema: PlayerChanges } } },
  },
  responses: {
    200: {
      content: { 'application/json': { schema: PlayerProfileSchema } },
      description: 'The changed player',
    },
    400: jsonError('Invalid display name or unknown time zone'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
    429: jsonError('Too many changes, or the time zone was changed less than 24 hours ago; see Retry-After'),
  },
});

export const playerRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(create, async (c) => {
    const services = c.var.services;
    await enforceRateLimit(c, RATE_LIMITS.playerCreationPerIp, clientAddress(c));
    const id = newPlayerId();
    const tokenId = newTokenId();
    const player = await insertPlayer(
      services.db,
      { id, displayName: c.req.valid('json')?.displayName ?? null, createdAt: services.now().toISOString() },
      tokenId,
    );
    const token = await playerToken(services.config.tokenSecret, id, tokenId);
    return c.json({ player: await playerProfile(services, player), token }, 201);
  })
  .openapi(me, async (c) => {
    const player = await requirePlayer(c);
    return c.json(await playerProfile(c.var.services, player), 200);
  })
  .openapi(change, async (c) => {
    // Counted before the player is read: a burst of changes costs no database work.
    await enforceRateLimit(c, RATE_LIMITS.renamePerPlayer, (await requirePlayerToken(c)).playerId);
    await enforceRateLimit(c, RATE_LIMITS.renamePerIp, clientAddress(c));
    const services = c.var.services;
    const body = c.req.valid('json');
    const outcome = await changePlayer(services, await requirePlayer(c), body);
    if (!outcome.ok && outcome.reason === 'unknown_time_zone') {
      throw new ApiError(400, 'invalid_time_zone', `${body.timeZone} is not an IANA time zone`);
    }
    if (!outcome.ok) {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      throw new ApiError(429, 'time_zone_locked', 'The time zone can change once every 24 hours', {
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
    }
    return c.json(await playerProfile(services, outcome.player), 200);
  })
  .openapi(profile, async (c) => {
    const services = c.var.services;
    const viewer = await optionalPlayer(c);
    const { id } = c.req.valid('param');
    const shown = await visibleProfile(services, viewer?.id ?? null, id);
    if (!shown) throw new ApiError(404, 'not_found', `There is no player ${id} you can see`);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(shown, 200);
  });
