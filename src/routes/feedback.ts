import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ReportRequestSchema,
  ReportSchema,
  VOTES_SHOWN_FROM,
  VoteRequestSchema,
  VoteSchema,
} from '../contract/feedback.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { requirePlayer, requirePlayerToken } from '../http/player-auth.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { castVote, fileReport } from '../play/feedback.js';
import { requireDailyPuzzle } from './require.js';
import { jsonError, PuzzleParams } from './schemas.js';
import { PLAYER } from './security.js';
import { TAGS } from './tags.js';

const vote = createRoute({
  method: 'put',
  path: '/puzzles/{date}/{kind}/{level}/vote',
  operationId: 'votePuzzle',
  tags: [TAGS.feedback.name],
  security: PLAYER,
  summary: 'Say how much fun a solved puzzle was and how hard it felt for its level',
  description:
    'After a valid solve, ranked or practice: one vote per player and puzzle, changed by voting again. The ' +
    `puzzle's stats show the votes from ${VOTES_SHOWN_FROM} voters on, so that no single vote can be told apart.`,
  request: {
    params: PuzzleParams,
    body: { required: true, content: { 'application/json': { schema: VoteRequestSchema } } },
  },
  responses: {
    200: { content: { 'application/json': { schema: VoteSchema } }, description: 'The vote as kept' },
    400: jsonError('Malformed request: fun is a whole number 1–5, felt one of easier, right, harder'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('Banned player, or no valid solve of this puzzle yet'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
    429: jsonError('Too many votes and reports; see Retry-After'),
  },
});

const report = createRoute({
  method: 'post',
  path: '/puzzles/{date}/{kind}/{level}/report',
  operationId: 'reportPuzzle',
  tags: [TAGS.feedback.name],
  security: PLAYER,
  summary: 'Tell the moderators a puzzle is broken or mislabelled',
  description:
    'From a player who has started the puzzle (fetched it with its token). One report per player and ' +
    'puzzle: a second replaces the first. It goes to the moderators’ queue, GET /v1/admin/reports.',
  request: {
    params: PuzzleParams,
    body: { required: true, content: { 'application/json': { schema: ReportRequestSchema } } },
  },
  responses: {
    201: { content: { 'application/json': { schema: ReportSchema } }, description: 'The report as filed' },
    400: jsonError('Malformed request: an unknown reason, or a note too long or with control characters'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('Banned player, or the puzzle was never started with this token'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
    429: jsonError('Too many votes and reports; see Retry-After'),
  },
});

export const feedbackRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(vote, async (c) => {
    await enforceRateLimit(c, RATE_LIMITS.feedbackPerPlayer, (await requirePlayerToken(c)).playerId);
    await enforceRateLimit(c, RATE_LIMITS.feedbackPerIp, clientAddress(c));
    const player = await requirePlayer(c);
    const puzzle = await requireDailyPuzzle(c.var.services, c.req.valid('param'));
    const outcome = await castVote(c.var.services, player, puzzle, c.req.valid('json'));
    if (!outcome.ok) {
      throw new ApiError(403, 'not_solved', `Vote on ${puzzle.id} after solving it`);
    }
    return c.json(outcome.vote, 200);
  })
  .openapi(report, async (c) => {
    await enforceRateLimit(c, RATE_LIMITS.feedbackPerPlayer, (await requirePlayerToken(c)).playerId);
    await enforceRateLimit(c, RATE_LIMITS.feedbackPerIp, clientAddress(c));
    const player = await requirePlayer(c);
    const puzzle = await requireDailyPuzzle(c.var.services, c.req.valid('param'));
    const outcome = await fileReport(c.var.services, player, puzzle, c.req.valid('json'));
    if (!outcome.ok) {
      throw new ApiError(403, 'not_started', `Report ${puzzle.id} after fetching it with your token`);
    }
    return c.json(outcome.report, 201);
  });
