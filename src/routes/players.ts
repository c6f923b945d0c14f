import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { newPlayerId, type PlayerId, playerToken } from '../auth/player-token.js';
import { insertPlayer, type PlayerRow, renamePlayer } from '../db/players.js';
import type { AppEnv } from '../http/context.js';
import { requirePlayer } from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { playerStreak } from '../play/player-streak.js';
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
    streak: z.object({ current: z.number().int(), best: z.number().int() }),
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
  summary: 'The calling player',
  security: bearer,
  responses: {
    200: { content: { 'application/json': { schema: PlayerSchema } }, description: 'The player' },
    401: jsonError('Missing or invalid token'),
  },
});

const rename = createRoute({
  method: 'patch',
  path: '/players/me',
  summary: 'Change the display name (null clears it)',
  security: bearer,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.strictObject({ displayName: DisplayName.nullable() }) } },
    },
  },
  responses: {
    200: { content: { 'application/json': { schema: PlayerSchema } }, description: 'The renamed player' },
    400: jsonError('Invalid display name'),
    401: jsonError('Missing or invalid token'),
  },
});

export const playerRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(create, async (c) => {
    const { db, config, now } = c.var.services;
    await enforceRateLimit(c, RATE_LIMITS.playerCreation, clientAddress(c));
    const player: PlayerRow = {
      id: newPlayerId(),
      displayName: c.req.valid('json')?.displayName ?? null,
      createdAt: now().toISOString(),
    };
    await insertPlayer(db, player);
    const token = await playerToken(config.tokenSecret, player.id as PlayerId);
    return c.json({ player: { ...player, streak: { current: 0, best: 0 } }, token }, 201);
  })
  .openapi(me, async (c) => {
    const player = await requirePlayer(c);
    return c.json({ ...player, streak: await playerStreak(c.var.services, player.id) }, 200);
  })
  .openapi(rename, async (c) => {
    const player = await requirePlayer(c);
    const renamed = await renamePlayer(c.var.services.db, player.id, c.req.valid('json').displayName);
    return c.json({ ...(renamed ?? player), streak: await playerStreak(c.var.services, player.id) }, 200);
  });
