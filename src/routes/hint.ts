import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { HintAnswerSchema } from '../contract/hint.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import type { HintCapability } from '../kinds/descriptor.js';
import { descriptorOf, hintOf, isKind, KINDS, type Kind } from '../kinds/index.js';
import { giveHint, HINTS_PER_SESSION, type HintOutcome } from '../play/hint.js';
import { behind, limitedBy, PLAYER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireDailyPuzzle, requirePlayableDate } from './require.js';
import { routeGroup } from './route-group.js';
import { KindSchema, PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

/** The kinds the route serves: those whose descriptor has `hint`. */
const HINTED = KINDS.filter((kind) => hintOf(kind) !== undefined);

const HintParams = PuzzleParams.extend({
  kind: KindSchema.openapi({ param: { name: 'kind', in: 'path' }, example: HINTED[0] }),
});

/** The board of some hinted kind, for the document (each kind's own schema validates its request). */
function boardsOf(kinds: readonly Kind[]): z.ZodType {
  const [only, ...more] = kinds.flatMap((kind) => hintOf(kind)?.board ?? []);
  if (!only) return z.never();
  return more.length === 0 ? only : z.union([only, ...more]);
}

/** The capability of `kind`, or the 404 of a kind that has none yet. */
function requireHint(kind: Kind): HintCapability<unknown, unknown> {
  const hint = hintOf(kind);
  if (hint) return hint;
  throw new ApiError(
    404,
    'hints_unavailable',
    `${descriptorOf(kind).displayName} has no hints yet; the kinds that have them are ${HINTED.join(', ')}`,
  );
}

/** A kind without hints is refused before its token, its rate limit or its body are looked at. */
const hintedKind = createMiddleware<AppEnv>(async (c, next) => {
  const kind = c.req.param('kind') ?? '';
  if (isKind(kind)) requireHint(kind);
  await next();
});

const HINT_REFUSALS = {
  no_session: [409, 'no_session', 'Fetch the puzzle with your player token first: that starts its clock'],
  hint_limit: [
    409,
    'hint_limit',
    ({ limit }) => `This session has had its ${limit} hints`,
    { doc: `The session has had its ${HINTS_PER_SESSION} hints`, details: ({ limit }) => ({ limit }) },
  ],
} as const satisfies Refusals<Failed<HintOutcome>>;

const hintRoute = createRoute({
  method: 'post',
  path: '/puzzles/{date}/{kind}/{level}/hint',
  operationId: 'hint',
  tags: [TAGS.puzzles.name],
  ...behind(hintedKind, limitedBy(PLAYER, [RATE_LIMITS.hintPerIp])),
  summary: "The grader's next step from the player's board",
  description:
    `For the kinds with hints (${HINTED.join(', ')}); any other kind is 404 \`hints_unavailable\`. The body is ` +
    "the player's current board in the kind's board format. The answer is the next step the kind's grader " +
    'would take from it: the technique, what it looks at, what it concludes and one sentence; or, for a board ' +
    'with a mistake, its first wrong entry (never the right value). Needs the player token and the ' +
    `player's session of the puzzle; each hint is counted in the session (at most ${HINTS_PER_SESSION}), ` +
    'and a solve whose session used a hint is practice: judged and kept in the history, never ranked.',
  request: { params: HintParams, body: jsonBody(boardsOf(HINTED)) },
  responses: {
    200: jsonAnswer(HintAnswerSchema, 'The hint, and the hints this session has used'),
    ...errorResponses(
      {
        400: 'Malformed board, date, unknown kind or level',
        401: 'No valid player token',
        403: 'The player is banned',
        404: 'A kind without hints, or a date outside the archive or not begun anywhere yet',
        429: 'Too many hints from this network; see Retry-After',
      },
      HINT_REFUSALS,
    ),
  },
});

export const hintRoutes = routeGroup().openapi(hintRoute, async (c) => {
  const { date, kind, level } = c.req.valid('param');
  const services = c.var.services;
  const capability = requireHint(kind);
  const board = capability.board.safeParse(c.req.valid('json'));
  if (!board.success) {
    throw new ApiError(400, 'invalid_request', board.error.issues[0]?.message ?? 'not a board of this kind');
  }
  const day = requirePlayableDate(services, date);
  const row = await requireDailyPuzzle(services, { date: day, kind, level });
  const outcome = await giveHint(services, c.var.player, capability, row, board.data);
  if (!outcome.ok) throw refusal(HINT_REFUSALS, outcome);
  return c.json({ hint: outcome.hint, hintsUsed: outcome.hintsUsed }, 200);
});
