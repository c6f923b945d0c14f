import { createRoute, z } from '@hono/zod-openapi';
import { HintAnswerSchema, HintConsentShape } from '../contract/hint.js';
import { KIND_SHAPES } from '../contract/kinds/index.js';
import { SUDOKU_POSITION_EXAMPLE } from '../contract/kinds/sudoku.js';
import { ApiError } from '../http/errors.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { hintOf, KINDS, type Kind } from '../kinds/index.js';
import { giveHint, HINTS_PER_SESSION, type HintOutcome } from '../play/hint.js';
import { limitedBy, PLAYER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireDailyPuzzle, requirePlayableDate } from './require.js';
import { routeGroup } from './route-group.js';
import { KindSchema, PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

const HintParams = PuzzleParams.extend({
  kind: KindSchema.openapi({ param: { name: 'kind', in: 'path' }, example: 'sudoku' }),
});

/**
 * A kind's hint request: its position with the player's consent as one more member (every position is a
 * strict JSON object; another shape is a programming error, found at start-up). It keeps the position's
 * description and examples, under its own name (`SudokuHintRequest`).
 */
function hintRequestOf(kind: Kind): z.ZodType {
  const position = hintOf(kind).position;
  if (!(position instanceof z.ZodObject)) throw new Error(`${kind}'s hint position must be an object schema`);
  const { id: _positionId, ...described } = z.globalRegistry.get(position) ?? {};
  return position.extend(HintConsentShape).meta({ ...described, id: `${KIND_SHAPES[kind].name}HintRequest` });
}

/** Every kind's hint request, for the document (each kind's own schema validates its request). */
const AnyHintBody = z
  .union(KINDS.map(hintRequestOf) as [z.ZodType, z.ZodType, ...z.ZodType[]])
  .meta({ example: { ...SUDOKU_POSITION_EXAMPLE, acceptPractice: true } });

/** The consent, read off the body before the rest is parsed as the kind's position. */
const Consent = z.looseObject(HintConsentShape);

const HINT_REFUSALS = {
  position_mismatch: [
    400,
    'invalid_request',
    ({ message }) => `The board does not fit this puzzle: ${message}`,
    { doc: 'The board does not fit this puzzle (its size)' },
  ],
  no_session: [409, 'no_session', 'Fetch the puzzle with your player token first: that starts its clock'],
  hint_ends_ranking: [
    409,
    'hint_ends_ranking',
    'A hint makes this solve practice: it would count on no board, rating or streak. ' +
      'Ask again with "acceptPractice": true if the player agrees.',
    { doc: 'The first hint of a still-ranked solve, asked without "acceptPractice": true' },
  ],
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
  ...limitedBy(PLAYER, [RATE_LIMITS.hintPerIp]),
  summary: "The grader's next step from the player's board",
  description:
    "Every kind has hints. The body is the player's current board in the kind's board format. The answer is the next step the kind's grader " +
    'would take from it: the technique, what it looks at, what it concludes and one sentence; or, for a board ' +
    'with a mistake, its first wrong entry (never the right value). Needs the player token and the ' +
    `player's session of the puzzle; each hint is counted in the session (at most ${HINTS_PER_SESSION}), ` +
    'and a solve whose session used a hint is practice: judged and kept in the history, never ranked. So the ' +
    'first hint of a session whose date is still ranked is given only with `"acceptPractice": true` in the ' +
    "body, the player's consent (409 `hint_ends_ranking` without it). The session, its hint cap and the " +
    'consent are checked before the hint is worked out.',
  request: { params: HintParams, body: jsonBody(AnyHintBody) },
  responses: {
    200: jsonAnswer(HintAnswerSchema, 'The hint, and the hints this session has used'),
    ...errorResponses(
      {
        400: 'Malformed board, date, unknown kind or level',
        401: 'No valid player token',
        403: 'The player is banned',
        404: 'A date outside the archive or not begun anywhere yet',
        429: 'Too many hints from this network; see Retry-After',
      },
      HINT_REFUSALS,
    ),
  },
});

export const hintRoutes = routeGroup().openapi(hintRoute, async (c) => {
  const { date, kind, level } = c.req.valid('param');
  const services = c.var.services;
  const capability = hintOf(kind);
  const body = Consent.safeParse(c.req.valid('json'));
  if (!body.success) {
    throw new ApiError(400, 'invalid_request', body.error.issues[0]?.message ?? 'not a hint request');
  }
  const { acceptPractice, ...rest } = body.data;
  const position = capability.position.safeParse(rest);
  if (!position.success) {
    throw new ApiError(
      400,
      'invalid_request',
      position.error.issues[0]?.message ?? 'not a board of this kind',
    );
  }
  const day = requirePlayableDate(services, date);
  const row = await requireDailyPuzzle(services, { date: day, kind, level });
  const outcome = await giveHint(
    services,
    c.var.player,
    capability,
    { ...row, date: day },
    { position: position.data, acceptPractice: acceptPractice === true },
  );
  if (!outcome.ok) throw refusal(HINT_REFUSALS, outcome);
  return c.json({ hint: outcome.hint, hintsUsed: outcome.hintsUsed }, 200);
});
