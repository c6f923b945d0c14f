import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import type { RevealCapability } from '../kinds/descriptor.js';
import { descriptorOf, isKind, KINDS, type Kind, revealOf } from '../kinds/index.js';
import { type RevealOutcome, revealPosition } from '../play/reveal.js';
import { behind, limitedBy, OPTIONAL_PLAYER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireDailyPuzzle, requirePlayableDate } from './require.js';
import { routeGroup } from './route-group.js';
import { KindSchema, PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

/** The kinds the route serves: those whose descriptor has `reveal` (GET /v1/kinds says `reveal: true`). */
const REVEALING = KINDS.filter((kind) => revealOf(kind) !== undefined);

/** The puzzle's parameters, with a kind that reveals as the document's example. */
const RevealParams = PuzzleParams.extend({
  kind: KindSchema.openapi({ param: { name: 'kind', in: 'path' }, example: REVEALING[0] }),
});

/**
 * One schema, or the choice of several: what a request or an answer of some revealing kind looks like
 * (nothing at all when no kind reveals).
 */
function eitherOf(schemas: readonly z.ZodType[]): z.ZodType {
  const [only, ...more] = schemas;
  if (!only) return z.never();
  return more.length === 0 ? only : z.union([only, ...more]);
}

/** The capability of `kind`, or the 404 of a kind that has none: nothing is served that is not advertised. */
function requireReveal(kind: Kind): RevealCapability<unknown, unknown> {
  const reveal = revealOf(kind);
  if (reveal) return reveal;
  throw new ApiError(
    404,
    'not_found',
    `${kind} hides nothing, so it has no reveal route; the kinds that have one are ${REVEALING.join(', ')}`,
  );
}

/**
 * A kind without the capability is refused before its token, its rate limits or its body are looked at.
 * An unknown kind goes on to the parameters' check (`invalid_kind`).
 */
const revealingKind = createMiddleware<AppEnv>(async (c, next) => {
  const kind = c.req.param('kind') ?? '';
  if (isKind(kind)) requireReveal(kind);
  await next();
});

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
  path: '/puzzles/{date}/{kind}/{level}/reveal',
  operationId: 'revealPosition',
  tags: [TAGS.puzzles.name],
  ...behind(
    revealingKind,
    limitedBy(
      OPTIONAL_PLAYER,
      [RATE_LIMITS.revealPerPlayer, RATE_LIMITS.revealPerIp],
      [RATE_LIMITS.revealPerIp],
    ),
  ),
  summary: 'The position after a list of moves, with the hidden units those moves have exposed',
  description:
    `For the kinds that hide part of their puzzle (\`reveal: true\` in GET /v1/kinds: ${REVEALING.join(', ')}); ` +
    'any other kind is 404. The body is the moves so far, in the kind’s solution format (colour sort: ' +
    '`{moves}`). ' +
    "Until the date's answers are public this needs a player token and the player's session of the puzzle " +
    '(fetch the puzzle with the token first: that starts its clock), and every colour it shows is recorded ' +
    'with the session: a ranked solve whose moves expose other hidden units than the session was shown is ' +
    '`flagged` (`reveal_mismatch`), so ask after every pour of the line you submit. Once the answers are ' +
    'public anyone may call it, and nothing is recorded. ' +
    'Replays the moves from the start. A unit is revealed once it has been on top of a tube and stays revealed; ' +
    'no other hidden colour is ever returned. Undo is the client’s matter: replay the shorter list (a move ' +
    'that completes a tube cannot be undone in the original game).',
  request: {
    params: RevealParams,
    body: jsonBody(eitherOf(REVEALING.map((kind) => descriptorOf(kind).solution))),
  },
  responses: {
    200: jsonAnswer(eitherOf(REVEALING.flatMap((kind) => revealOf(kind)?.position ?? [])), 'The position'),
    ...errorResponses(
      {
        400: 'Malformed body, date, unknown kind or level',
        401: 'A bearer token that is not a valid player token',
        403: 'The player is banned',
        404: 'A kind without the reveal capability, or a date outside the archive or not begun anywhere yet',
        429: 'Too many reveals; see Retry-After',
      },
      REVEAL_REFUSALS,
    ),
  },
});

export const revealRoutes = routeGroup().openapi(revealRoute, async (c) => {
  const { date, kind, level } = c.req.valid('param');
  const services = c.var.services;
  const day = requirePlayableDate(services, date);
  const row = await requireDailyPuzzle(services, { date: day, kind, level });
  const outcome = await revealPosition(
    services,
    c.var.player,
    day,
    requireReveal(kind),
    row,
    c.req.valid('json'),
  );
  if (!outcome.ok) throw refusal(REVEAL_REFUSALS, outcome);
  return c.json(outcome.view, 200);
});
