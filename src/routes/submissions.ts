import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { MAX_SUBMISSION_BODY_BYTES } from '../http/body-limit.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import {
  bannedPlayer,
  invalidPlayerToken,
  playerTokenRequired,
  requirePlayerToken,
} from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { descriptorOf, KINDS } from '../kinds/index.js';
import { SubmissionResultSchema } from '../play/submission-result.js';
import { type SubmissionOutcome, submitSolution } from '../play/submit.js';
import { AnyLogEntry, logShapeError, MAX_LOG_ENTRIES } from './log-schemas.js';
import { requireLevelOf, requirePlayableDate } from './require.js';
import { jsonError, PuzzleParams } from './schemas.js';
import { AnySolution, solutionShapeError } from './solution-schemas.js';

/** A week: longer claims are nonsense for a daily puzzle (and the server's clock caps them anyway). */
const MAX_ELAPSED_MS = 7 * 24 * 3_600_000;

const SubmissionBody = z
  .strictObject({
    solution: AnySolution.openapi({
      description: `The solution in the interchange format of the kind: ${KINDS.map((k) => `${k} ${descriptorOf(k).solutionFormat}`).join('; ')}`,
      example: { grid: '534678912672195348198342567859761423426853791713924856961537284287419635345286179' },
    }),
    log: z
      .array(AnyLogEntry)
      .max(MAX_LOG_ENTRIES, `a log holds at most ${MAX_LOG_ENTRIES} entries`)
      .superRefine((log, ctx) => {
        for (let i = 1; i < log.length; i++) {
          if ((log[i]?.[0] ?? 0) < (log[i - 1]?.[0] ?? 0)) {
            ctx.addIssue({ code: 'custom', path: [i, 0], message: 'times must not decrease' });
            return;
          }
        }
      })
      .openapi({
        description:
          'Every move the player made, in order: `[t, a, b]` with `t` the whole milliseconds since the ' +
          "session's `startedAt`, non-decreasing. Per kind (also GET /v1/kinds): " +
          KINDS.map((k) => `${k} ${descriptorOf(k).logFormat}`).join('; ') +
          '. Replayed from the start position, the log must end on the submitted solution.',
        example: [
          [5200, 2, 4],
          [7900, 3, 6],
        ],
      }),
    elapsedMs: z.number().int().min(0).max(MAX_ELAPSED_MS).optional().openapi({
      description: "The client's own measure; it may lower the server's time by at most 2 s",
      example: 312_000,
    }),
    startToken: z.string().min(1).max(512).optional().openapi({
      description: "The puzzle fetch's start token; optional, but when sent it must be this player's",
    }),
  })
  .openapi('SubmissionRequest');

const submit = createRoute({
  method: 'post',
  path: '/puzzles/{date}/{kind}/{level}/submissions',
  summary: 'Submit a solution and its move log for rating',
  description:
    'The first valid solution per player and puzzle is ranked; repeating it returns the same result. Its time is ' +
    "the server's, from the session the player's first fetch of the puzzle started. A wrong solution is " +
    'recorded as an attempt (valid: false) and may be retried. A valid solve is judged from its log: `clean` ' +
    'is ranked at once, `flagged` waits for a moderator and counts nowhere meanwhile. A date whose ranking ' +
    'has closed (its answers are public) can still be solved: as practice, in the history only.',
  security: [{ bearer: [] }],
  middleware: [playerTokenRequired] as const,
  request: {
    params: PuzzleParams,
    body: { required: true, content: { 'application/json': { schema: SubmissionBody } } },
  },
  responses: {
    200: { content: { 'application/json': { schema: SubmissionResultSchema } }, description: 'The verdict' },
    400: jsonError('Malformed request, or a solution or log not shaped like one of this kind'),
    401: jsonError('Missing or invalid player token'),
    403: jsonError("Banned player, or a start token that is not this player's for this puzzle"),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
    409: jsonError('No session: fetch the puzzle with the player token first'),
    413: jsonError(`Body larger than ${MAX_SUBMISSION_BODY_BYTES} bytes`),
    422: jsonError('The log does not replay to the submitted solution (recorded as an attempt)'),
    429: jsonError('Too many submissions; see Retry-After'),
  },
});

export const submissionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  submit,
  async (c) => {
    const token = await requirePlayerToken(c);
    const params = c.req.valid('param');
    const body = c.req.valid('json');
    const shapeError = solutionShapeError(params.kind, body.solution) ?? logShapeError(params.kind, body.log);
    if (shapeError)
      throw new ApiError(400, 'invalid_solution', `Not a ${params.kind} submission: ${shapeError}`);
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
    return c.json(judged(outcome), 200);
  },
);

/** The verdict, or the HTTP error that says why there is none. */
function judged(outcome: SubmissionOutcome) {
  switch (outcome.outcome) {
    case 'judged':
      return outcome.result;
    case 'unknown_player':
      throw invalidPlayerToken();
    case 'banned':
      throw bannedPlayer();
    case 'no_session':
      throw new ApiError(
        409,
        'no_session',
        'Fetch the puzzle with your player token first: that starts its clock',
      );
    case 'invalid_start_token':
      throw new ApiError(403, 'invalid_start_token', outcome.message);
    case 'log_mismatch':
      throw new ApiError(
        422,
        'log_mismatch',
        outcome.message,
        outcome.index === undefined ? {} : { index: outcome.index },
      );
  }
}
