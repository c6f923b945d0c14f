import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { playerTokenRequired, requirePlayerToken } from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { submitSolution } from '../play/submit.js';
import { requireDailyPuzzle, requireLevelOf, requirePlayableDate } from './require.js';
import { jsonError, PuzzleParams } from './schemas.js';
import { AnySolution, solutionShapeError } from './solution-schemas.js';

/** A week: longer claims are nonsense for a daily puzzle (and the server's clock caps them anyway). */
const MAX_ELAPSED_MS = 7 * 24 * 3_600_000;

const SubmissionBody = z
  .strictObject({
    solution: AnySolution.openapi({
      description:
        'The solution in the interchange format of the kind: sudoku/signal {grid}, pattern {cells}, loop {edges}, colorsort {moves}',
      example: { grid: '534678912672195348198342567859761423426853791713924856961537284287419635345286179' },
    }),
    elapsedMs: z.number().int().min(0).max(MAX_ELAPSED_MS).openapi({ example: 312_000 }),
    startToken: z
      .string()
      .min(1)
      .max(512)
      .openapi({ description: 'From the GET of the puzzle with a player token' }),
  })
  .openapi('SubmissionRequest');

const SubmissionResultSchema = z
  .object({
    valid: z.boolean(),
    reason: z.string().optional().openapi({ example: 'row 3 has two 7s' }),
    repeated: z
      .boolean()
      .openapi({ description: 'This repeats an earlier ranked solve; its result is unchanged' }),
    countedMs: z.number().int().optional(),
    capped: z.boolean().optional(),
    score: z
      .number()
      .optional()
      .openapi({ description: '1 / (1 + (t / benchmark)^2): 0.5 at the benchmark' }),
    rating: z.object({ before: z.number(), after: z.number(), deviation: z.number() }).optional(),
    rank: z.number().int().optional(),
    solvers: z.number().int().optional(),
    fasterThanPercent: z.number().optional(),
    streak: z.object({ current: z.number().int(), best: z.number().int() }),
  })
  .openapi('SubmissionResult');

const submit = createRoute({
  method: 'post',
  path: '/puzzles/{date}/{kind}/{level}/submissions',
  summary: 'Submit a solution and its completion time for rating',
  description:
    'The first valid solution per player and puzzle is ranked; repeating it returns the same result. A wrong ' +
    'solution is recorded as an attempt (valid: false) and may be retried.',
  security: [{ bearer: [] }],
  middleware: [playerTokenRequired] as const,
  request: {
    params: PuzzleParams,
    body: { required: true, content: { 'application/json': { schema: SubmissionBody } } },
  },
  responses: {
    200: { content: { 'application/json': { schema: SubmissionResultSchema } }, description: 'The verdict' },
    400: jsonError('Malformed request, or a solution not shaped like one of this kind'),
    401: jsonError('Missing or invalid player token'),
    403: jsonError('Start token refused, or the date is no longer ranked'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
    413: jsonError('Body too large'),
    422: jsonError('Impossible completion time'),
    429: jsonError('Too many submissions; see Retry-After'),
  },
});

export const submissionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  submit,
  async (c) => {
    const playerId = await requirePlayerToken(c);
    const params = c.req.valid('param');
    const body = c.req.valid('json');
    const shapeError = solutionShapeError(params.kind, body.solution);
    if (shapeError) {
      throw new ApiError(400, 'invalid_solution', `Not a ${params.kind} solution: ${shapeError}`);
    }
    await enforceRateLimit(c, RATE_LIMITS.submissionPerPlayer, playerId);
    await enforceRateLimit(c, RATE_LIMITS.submissionPerIp, clientAddress(c));
    const services = c.var.services;
    const date = requirePlayableDate(services, params.date);
    requireLevelOf(params.kind, params.level);
    const result = await submitSolution(
      services,
      playerId,
      { date, kind: params.kind, level: params.level },
      { solution: body.solution, elapsedMs: body.elapsedMs, startToken: body.startToken },
      () => requireDailyPuzzle(services, params),
    );
    return c.json(result, 200);
  },
);
