import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { newPlayerId, newTokenId, playerToken } from '../auth/player-token.js';
import { insertPlayer, updatePlayer } from '../db/players.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { requirePlayer, requirePlayerToken } from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { KINDS } from '../kinds/index.js';
import { playerProfile } from '../play/profile.js';
import { StreakSchema } from '../play/streak-view.js';
import { timeZoneChange } from '../play/time-zone.js';
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

const PlayerSchema = z
  .object({
    id: z.string().openapi({ example: '2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11' }),
    displayName: z.string().nullable(),
    createdAt: z.string(),
    timeZone: z.string().nullable().openapi({
      description: "The player's calendar for streaks (IANA); UTC until set",
      example: 'Europe/Paris',
    }),
    streak: StreakSchema,
    ratings: z
      .array(
        z.object({
          kind: z.enum(KINDS),
          rating: z.number().int(),
          deviation: z.number().int(),
          games: z.number().int().openapi({ description: 'Counted (clean) ranked solves of the kind' }),
          provisional: z.boolean().openapi({
            description:
              'Not yet established in the kind (fewer than 5 counted solves on 3 dates, or deviation 230 or more): ' +
              'its games do not move puzzles and it is not on the rating board',
          }),
        }),
      )
      .openapi({ description: 'Every kind the player has a counted solve of' }),
  })
  .openapi('Player');

const NewPlayerSchema = z
  .object({
    player: PlayerSchema,
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
    200: { content: { 'application/json': { schema: PlayerSchema } }, description: 'The player' },
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
  })
  .refine((body) => Object.keys(body).length > 0, 'name at least one of displayName and timeZone');

const change = createRoute({
  method: 'patch',
  path: '/players/me',
  summary: 'Change the display name or the time zone of the calling player',
  security: bearer,
  request: {
    body: { required: true, content: { 'application/json': { schema: PlayerChanges } } },
  },
  responses: {
    200: { content: { 'application/json': { schema: PlayerSchema } }, description: 'The changed player' },
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
    const player = await requirePlayer(c);
    const body = c.req.valid('json');
    let changes = body.displayName === undefined ? {} : { displayName: body.displayName };
    if (body.timeZone !== undefined) {
      const zone = timeZoneChange(player, body.timeZone, services.now());
      if (!zone.ok && zone.reason === 'unknown_time_zone') {
        throw new ApiError(400, 'invalid_time_zone', `${body.timeZone} is not an IANA time zone`);
      }
      if (!zone.ok) {
        c.header('Retry-After', String(zone.retryAfterSeconds));
        throw new ApiError(429, 'time_zone_locked', 'The time zone can change once every 24 hours', {
          retryAfterSeconds: zone.retryAfterSeconds,
        });
      }
      changes = { ...changes, ...zone.changes };
    }
    const changed =
      Object.keys(changes).length > 0 ? await updatePlayer(services.db, player.id, changes) : player;
    return c.json(await playerProfile(services, changed ?? player), 200);
  });
