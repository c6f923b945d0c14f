import { createRoute } from '@hono/zod-openapi';
import {
  ReportRequestSchema,
  ReportSchema,
  VOTES_SHOWN_FROM,
  VoteRequestSchema,
  VoteSchema,
} from '../contract/feedback.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { castVote, fileReport, type ReportOutcome, type VoteOutcome } from '../play/feedback.js';
import { limitedBy, PLAYER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { readsOwnSolves } from './own-solves.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireDailyPuzzle } from './require.js';
import { routeGroup } from './route-group.js';
import { PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

/** Votes and reports count together against one allowance: a player gives feedback on what it played. */
const FEEDBACK = limitedBy(PLAYER, [RATE_LIMITS.feedbackPerPlayer, RATE_LIMITS.feedbackPerIp]);

const VOTE_REFUSALS = {
  not_solved: [403, 'not_solved', (_, { puzzleId }) => `Vote on ${puzzleId} after solving it`],
  solve_under_review: [
    409,
    'solve_under_review',
    (_, { puzzleId }) => `Vote on ${puzzleId} once a moderator has approved your solve: it is under review`,
  ],
} as const satisfies Refusals<Failed<VoteOutcome>, { puzzleId: string }>;

const REPORT_REFUSALS = {
  not_started: [
    403,
    'not_started',
    (_, { puzzleId }) => `Report ${puzzleId} after fetching it with your token`,
  ],
} as const satisfies Refusals<Failed<ReportOutcome>, { puzzleId: string }>;

const vote = createRoute({
  method: 'put',
  path: '/puzzles/{date}/{kind}/{level}/vote',
  operationId: 'votePuzzle',
  tags: [TAGS.feedback.name],
  ...readsOwnSolves(FEEDBACK, 'puzzle'),
  summary: 'Say how much fun a solved puzzle was and how hard it felt for its level',
  description:
    'After a solve that counts (clean or approved) or a practice solve; a solve under review votes once approved: one vote per player and puzzle, changed by voting again. The ' +
    `puzzle's stats show the votes from ${VOTES_SHOWN_FROM} voters on, so that no single vote can be told apart.`,
  request: {
    params: PuzzleParams,
    body: jsonBody(VoteRequestSchema),
  },
  responses: {
    200: jsonAnswer(VoteSchema, 'The vote as kept'),
    ...errorResponses(
      {
        400: 'Malformed request: fun is a whole number 1–5, felt one of easier, right, harder',
        401: 'Missing or invalid token',
        403: 'The player is banned',
        404: 'Date outside the archive or not begun anywhere yet',
        429: 'Too many votes and reports; see Retry-After',
      },
      VOTE_REFUSALS,
    ),
  },
});

const report = createRoute({
  method: 'post',
  path: '/puzzles/{date}/{kind}/{level}/report',
  operationId: 'reportPuzzle',
  tags: [TAGS.feedback.name],
  ...FEEDBACK,
  summary: 'Tell the moderators a puzzle is broken or mislabelled',
  description:
    'From a player who has started the puzzle (fetched it with its token). One report per player and ' +
    'puzzle: a second replaces the first. It goes to the moderators’ queue, GET /v1/admin/reports.',
  request: {
    params: PuzzleParams,
    body: jsonBody(ReportRequestSchema),
  },
  responses: {
    201: jsonAnswer(ReportSchema, 'The report as filed'),
    ...errorResponses(
      {
        400: 'Malformed request: an unknown reason, or a note too long or with control characters',
        401: 'Missing or invalid token',
        403: 'The player is banned',
        404: 'Date outside the archive or not begun anywhere yet',
        429: 'Too many votes and reports; see Retry-After',
      },
      REPORT_REFUSALS,
    ),
  },
});

export const feedbackRoutes = routeGroup()
  .openapi(vote, async (c) => {
    const puzzle = await requireDailyPuzzle(c.var.services, c.req.valid('param'));
    const outcome = await castVote(c.var.services, c.var.player, puzzle, c.req.valid('json'));
    if (!outcome.ok) throw refusal(VOTE_REFUSALS, outcome, { puzzleId: puzzle.id });
    return c.json(outcome.vote, 200);
  })
  .openapi(report, async (c) => {
    const puzzle = await requireDailyPuzzle(c.var.services, c.req.valid('param'));
    const outcome = await fileReport(c.var.services, c.var.player, puzzle, c.req.valid('json'));
    if (!outcome.ok) throw refusal(REPORT_REFUSALS, outcome, { puzzleId: puzzle.id });
    return c.json(outcome.report, 201);
  });
