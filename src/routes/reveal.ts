import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ColorSortPositionSchema } from '../contract/reveal.js';
import type { AppEnv } from '../http/context.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { KIND_DESCRIPTORS } from '../kinds/index.js';
import { type RevealOutcome, revealPosition } from '../play/reveal.js';
import { limitedBy, OPTIONAL_PLAYER } from './access.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireDailyPuzzle, requirePlayableDate } from './require.js';
import { DateParam, LevelParam } from './schemas.js';
import { TAGS } from './tags.js';

/** Each refusal of the flow as its HTTP error. */
const REVEAL_REFUSALS = {
  needs_player: [
    401,
    'unauthorized',
    "Until the date's answers are public, revealing needs `Authorization: Bearer <player token>`",
  ],
  no_session: [409, 'no_session', 'Fetch the puzzle with your player token first: that starts its clock'],
  illegal_move: [
    422,
    'illegal_move',
    ({ message }) => message,
    {
      doc: 'An illegal move; details.index is its position in the list',
      details: ({ index }) => (index === undefined ? {} : { index }),
    },
  ],
} as const satisfies Refusals<Failed<RevealOutcome>>;

const revealRoute = createRoute({
  method: 'post',
  path: '/puzzles/{date}/colorsort/{level}/reveal',
  operationId: 'revealColorSort',
  tags: [TAGS.puzzles.name],
  ...limitedBy(
    OPTIONAL_PLAYER,
    [RATE_LIMITS.revealPerPlayer, RATE_LIMITS.revealPerIp],
    [RATE_LIMITS.revealPerIp],
  ),
  summary: 'Colour sort: the position after a list of moves, with the colours those moves have exposed',
  description:
    "Until the date's answers are public this needs a player token and the player's session of the puzzle " +
    '(fetch the puzzle with the token first: that starts its clock), and every colour it shows is recorded ' +
    'with the session: a ranked solve whose moves expose other hidden units than the session was shown is ' +
    '`flagged` (`reveal_mismatch`), so ask after every pour of the line you submit. Once the answers are ' +
    'public anyone may call it, and nothing is recorded. ' +
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
    ...errorResponses(
      {
        400: 'Malformed body, date or level',
        401: 'A bearer token that is not a valid player token',
        403: 'The player is banned',
        404: 'Date outside the archive or not begun anywhere yet',
        429: 'Too many reveals; see Retry-After',
      },
      REVEAL_REFUSALS,
    ),
  },
});

export const revealRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  revealRoute,
  async (c) => {
    const { date, level } = c.req.valid('param');
    const services = c.var.services;
    const day = requirePlayableDate(services, date);
    const row = await requireDailyPuzzle(services, { date: day, kind: 'colorsort', level });
    const outcome = await revealPosition(services, c.var.player, day, row, c.req.valid('json').moves);
    if (!outcome.ok) throw refusal(REVEAL_REFUSALS, outcome);
    return c.json(outcome.view, 200);
  },
);
