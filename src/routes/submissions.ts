import { createRoute, type Hook, OpenAPIHono } from '@hono/zod-openapi';
import { SubmissionRequestSchema, SubmissionResultSchema } from '../contract/submission.js';
import { MAX_SUBMISSION_BODY_BYTES } from '../http/body-limit.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, errorBody } from '../http/errors.js';
import { TOKEN_REFUSALS } from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { descriptorOf, isKind, KINDS, type Kind } from '../kinds/index.js';
import type { SubmissionOutcome } from '../play/submission.js';
import { submitSolution } from '../play/submit.js';
import { PLAYER_TOKEN } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { logShapeError } from './log-schemas.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireLevelOf, requirePlayableDate } from './require.js';
import { PuzzleParams } from './schemas.js';
import { solutionShapeError } from './solution-schemas.js';
import { TAGS } from './tags.js';

/** Seconds a client waits before trying a submission again that an overloaded board refused. */
export const BOARD_RETRY_AFTER_SECONDS = 1;

/** An outcome that is the service's, not the client's: a 503 outside the 4xx table. */
type Overloaded = { ok: false; reason: 'board_overloaded' };

/** Why a submission has no verdict. */
const SUBMISSION_REFUSALS = {
  unknown_player: TOKEN_REFUSALS.invalid,
  banned: TOKEN_REFUSALS.banned,
  no_session: [409, 'no_session', 'Fetch the puzzle with your player token first: that starts its clock'],
  invalid_start_token: [
    403,
    'invalid_start_token',
    ({ message }) => message,
    { doc: "A start token that is not this player's for this puzzle" },
  ],
  log_mismatch: [
    422,
    'log_mismatch',
    ({ message }) => message,
    {
      doc: 'The log does not replay to the submitted solution (recorded as an attempt)',
      details: ({ index }) => (index === undefined ? {} : { index }),
    },
  ],
} as const satisfies Refusals<Exclude<Failed<SubmissionOutcome>, Overloaded>>;

const submit = createRoute({
  method: 'post',
  path: '/puzzles/{date}/{kind}/{level}/submissions',
  operationId: 'submitSolution',
  tags: [TAGS.submissions.name],
  summary: 'Submit a solution and its move log for rating',
  description:
    'The first valid solution per player and puzzle is ranked; repeating it returns the same result. Its time is ' +
    "the server's, from the session the player's first fetch of the puzzle started. A wrong solution is " +
    'recorded as an attempt (valid: false) and may be retried. A valid solve is judged from its log: `clean` ' +
    'is ranked at once, `flagged` waits for a moderator and counts nowhere meanwhile. A date whose ranking ' +
    'has closed (its answers are public) can still be solved: as practice, in the history only. While the ' +
    'puzzle is ranked its board (a Durable Object) stores the solve and answers the rank at once; D1 has the ' +
    'solve within about a second (then `GET /v1/players/me` shows the stored rating). A 503 `board_overloaded` ' +
    "stored nothing: send the same submission again after Retry-After. The log's " +
    `entries per kind: ${KINDS.map((k) => `${k} ${descriptorOf(k).logFormat}`).join('; ')}.`,
  ...PLAYER_TOKEN,
  request: {
    params: PuzzleParams,
    body: jsonBody(SubmissionRequestSchema),
  },
  responses: {
    200: jsonAnswer(SubmissionResultSchema, 'The verdict'),
    ...errorResponses(
      {
        400: 'Malformed request, or a solution or log not shaped like one of this kind',
        401: 'Missing or invalid player token',
        404: 'Date outside the archive or not begun anywhere yet',
        413: `Body larger than ${MAX_SUBMISSION_BODY_BYTES} bytes`,
        429: 'Too many submissions; see Retry-After',
        503: "`board_overloaded`: the puzzle's board is taking no more for now (nothing was stored); see Retry-After",
      },
      SUBMISSION_REFUSALS,
    ),
  },
});

/** The first problem with a submission's solution or log in the terms of its kind, or null when none. */
function kindShapeError(kind: Kind, body: { solution?: unknown; log?: unknown }): string | null {
  const shapeError =
    solutionShapeError(kind, body.solution) ??
    (Array.isArray(body.log) ? logShapeError(kind, body.log) : null);
  return shapeError === null ? null : `Not a ${kind} submission: ${shapeError}`;
}

/**
 * The body schema accepts any kind's solution; one that fits none is refused in the terms of the kind in
 * the URL (which solution that kind takes), not as a mismatch with every kind at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: a hook for this one route, typed as the shared one is.
const submissionHook: Hook<any, AppEnv, any, any> = async (result, c) => {
  if (result.success || result.target !== 'json') return validationHook(result, c);
  const field = result.error.issues[0]?.path[0];
  const kind = c.req.param('kind') ?? '';
  // The body as the validator read it (the request keeps it); null when it was not JSON at all.
  const body: unknown = await c.req.json().catch(() => null);
  if (
    (field === 'solution' || field === 'log') &&
    isKind(kind) &&
    typeof body === 'object' &&
    body !== null
  ) {
    const message = kindShapeError(kind, body);
    if (message) return c.json(errorBody('invalid_solution', message), 400);
  }
  return validationHook(result, c);
};

export const submissionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: submissionHook }).openapi(
  submit,
  async (c) => {
    const token = c.var.playerToken;
    const params = c.req.valid('param');
    const body = c.req.valid('json');
    const shapeError = kindShapeError(params.kind, body);
    if (shapeError) throw new ApiError(400, 'invalid_solution', shapeError);
    await enforceRateLimit(c, RATE_LIMITS.submissionPerPlayer, token.playerId);
    await enforceRateLimit(c, RATE_LIMITS.submissionPerIp, clientAddress(c));
    const services = c.var.services;
    const date = requirePlayableDate(services, params.date);
    requireLevelOf(params.kind, params.level);
    const outcome = await submitSolution(
      services,
      token,
      { date, kind: params.kind, level: params.level },
      body,
    );
    if (!outcome.ok && outcome.reason === 'board_overloaded') {
      c.header('Retry-After', String(BOARD_RETRY_AFTER_SECONDS));
      throw new ApiError(
        503,
        'board_overloaded',
        "This puzzle's board is overloaded; nothing was stored, try again after Retry-After seconds",
      );
    }
    if (!outcome.ok) throw refusal(SUBMISSION_REFUSALS, outcome);
    return c.json(outcome.result, 200);
  },
);
