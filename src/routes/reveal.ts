import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ColorSortPositionSchema } from '../contract/reveal.js';
import { startSession } from '../db/sessions.js';
import { reveal } from '../engines/colorsort/index.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { optionalPlayer, optionalPlayerToken } from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { KIND_DESCRIPTORS } from '../kinds/index.js';
import { requireDailyPuzzle } from './require.js';
import { DateParam, jsonError, LevelParam } from './schemas.js';
import { OPTIONAL_PLAYER } from './security.js';

const revealRoute = createRoute({
  method: 'post',
  path: '/puzzles/{date}/colorsort/{level}/reveal',
  operationId: 'revealColorSort',
  security: OPTIONAL_PLAYER,
  summary: 'Colour sort: the position after a list of moves, with the colours those moves have exposed',
  description:
    "With a player token this starts the player's session of the puzzle if its fetch had not. " +
    'Replays the moves from the start. A unit is revealed once it has been on top of a tube and stays revealed; ' +
    'no other hidden colour is ever returned. Undo is the client’s matter: replay the shorter list (a move ' +
    'that completes a tube cannot be undone in the original game).',
  request: {
    params: z.object({ date: DateParam, level: LevelParam }),
    body: {
      required: true,
      content: {
        'application/json': { schema: KIND_DESCRIPTORS.colorsort.solution },
      },
    },
  },
  responses: {
    200: {
      content: { 'application/json': { schema: ColorSortPositionSchema } },
      description: 'The position',
    },
    400: jsonError('Malformed body, date or level'),
    401: jsonError('A bearer token was sent but is not a valid player token'),
    403: jsonError('The player is banned'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
    422: jsonError('An illegal move; details.index is its position in the list'),
    429: jsonError('Too many reveals; see Retry-After'),
  },
});

export const revealRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  revealRoute,
  async (c) => {
    const { date, level } = c.req.valid('param');
    const services = c.var.services;
    const bearer = await optionalPlayerToken(c);
    if (bearer) await enforceRateLimit(c, RATE_LIMITS.revealPerPlayer, bearer.playerId);
    await enforceRateLimit(c, RATE_LIMITS.revealPerIp, clientAddress(c));
    const player = await optionalPlayer(c);
    const row = await requireDailyPuzzle(services, { date, kind: 'colorsort', level });
    // A player's exploration counts against its own clock: revealing starts the session if nothing had.
    if (player) {
      await startSession(services.db, {
        playerId: player.id,
        puzzleId: row.id,
        startedAt: services.now(),
        timeZone: null,
      });
    }
    const result = reveal(
      KIND_DESCRIPTORS.colorsort.engine.parsePuzzle(row.puzzle),
      c.req.valid('json').moves,
    );
    if (!result.ok) {
      throw new ApiError(
        422,
        'illegal_move',
        result.reason,
        result.index === undefined ? {} : { index: result.index },
      );
    }
    return c.json(result.view, 200);
  },
);
