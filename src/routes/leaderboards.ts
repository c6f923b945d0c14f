import { createRoute, z } from '@hono/zod-openapi';
import {
  DailyBoardSchema,
  PuzzleBoardSchema,
  PuzzleStatsSchema,
  RatingBoardSchema,
} from '../contract/leaderboards.js';
import type { BoardScope } from '../db/board-scope.js';
import { dailyBoardPage } from '../db/daily-board.js';
import { puzzleBoardPage, puzzleStats, ratingBoardPage } from '../db/leaderboards.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { RequestContext } from '../http/context.js';
import { decodeCursor, pageOf } from '../http/cursor.js';
import { holdUnearnedTop, topEvidenceBar } from '../play/board-top.js';
import { resolveScope, type ScopeOutcome } from '../play/boards.js';
import { shownVotes, voteView } from '../play/feedback.js';
import { histogramEdges } from '../play/histogram.js';
import { livePageFacts, liveStats } from '../play/live-board-reads.js';
import { fasterThan } from '../rating/faster-than.js';
import { PLAY_DAY_GAP_MS } from '../rating/play-days.js';
import {
  ESTABLISHED_MAX_DEVIATION,
  ESTABLISHED_MIN_GAMES,
  ESTABLISHED_MIN_PLAY_DAYS,
} from '../rating/standing.js';
import { OPTIONAL_PLAYER_READ } from './access.js';
import { jsonAnswer, PageQuery } from './json.js';
import { readsOwnSolves } from './own-solves.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireBoardPuzzle, requireDailyPuzzle, requirePlayableDate } from './require.js';
import { routeGroup } from './route-group.js';
import { DateParam, jsonError, KindParam, PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

const BoardCursor = z.object({ countedMs: z.number().int(), id: z.number().int() });
const RatingCursor = z.object({ rating: z.number(), playerId: z.string() });
const DailyCursor = z.object({ total: z.number(), playerId: z.string() });

const ScopeQuery = z
  .string()
  .regex(/^(global|following|group:[0-9a-f-]{36})$/, 'must be global, following or group:<group id>')
  .default('global')
  .openapi({
    description:
      "Whose rows: everyone's, the players the caller follows (and the caller), or a group the caller belongs " +
      'to; the ranks are within the scope. Only players the caller may see are listed (their board ' +
      'visibility): a following or group scope holds no other, in its rows, ranks or counts; on everyone’s ' +
      'board ranks and counts are the whole crowd’s, so ranks may skip the places of rows left out',
    example: 'following',
  });

const BoardQuery = PageQuery.extend({ scope: ScopeQuery });

const SCOPE_REFUSALS = {
  needs_player: [
    401,
    'unauthorized',
    'A following or group board needs `Authorization: Bearer <player token>`',
  ],
  not_member: [404, 'not_found', 'No such group among yours'],
} as const satisfies Refusals<Failed<ScopeOutcome>>;

const boardErrors = errorResponses(
  {
    400: 'Malformed date, kind, level, scope or cursor',
    401: 'A bad player token',
    404: 'Date outside the archive or not begun anywhere yet',
  },
  SCOPE_REFUSALS,
);

const puzzleBoard = createRoute({
  method: 'get',
  path: '/leaderboards/{date}/{kind}/{level}',
  operationId: 'getPuzzleLeaderboard',
  tags: [TAGS.leaderboards.name],
  ...readsOwnSolves(OPTIONAL_PLAYER_READ, 'puzzle'),
  summary: "A puzzle's fastest counted times (ties: earlier submission first)",
  request: { params: PuzzleParams, query: BoardQuery },
  responses: {
    200: jsonAnswer(PuzzleBoardSchema, 'One page'),
    ...boardErrors,
  },
});

const ratingBoard = createRoute({
  method: 'get',
  path: '/leaderboards/ratings/{kind}',
  operationId: 'getRatingLeaderboard',
  tags: [TAGS.leaderboards.name],
  ...OPTIONAL_PLAYER_READ,
  summary: 'Top ratings of a kind among its established players',
  description:
    `Established: at least ${ESTABLISHED_MIN_GAMES} counted (clean) solves of the kind on ${ESTABLISHED_MIN_PLAY_DAYS} ` +
    `days of play (each beginning at least ${PLAY_DAY_GAP_MS / 3_600_000} hours after the one before, on the server's clock) ` +
    `and a deviation under ${ESTABLISHED_MAX_DEVIATION}. Ranks count players hidden from the caller; ties go to the smaller player id.`,
  request: { params: z.object({ kind: KindParam }), query: BoardQuery },
  responses: {
    200: jsonAnswer(RatingBoardSchema, 'One page'),
    ...errorResponses(
      { 400: 'Unknown kind, malformed scope or cursor', 401: 'A bad player token' },
      SCOPE_REFUSALS,
    ),
  },
});

const dailyBoard = createRoute({
  method: 'get',
  path: '/leaderboards/{date}/daily',
  operationId: 'getDailyLeaderboard',
  tags: [TAGS.leaderboards.name],
  ...readsOwnSolves(OPTIONAL_PLAYER_READ, 'date'),
  summary: "A date's players by the sum of their scores over its puzzles (counted solves only)",
  request: { params: z.object({ date: DateParam }), query: BoardQuery },
  responses: {
    200: jsonAnswer(DailyBoardSchema, 'One page'),
    ...boardErrors,
  },
});

const stats = createRoute({
  method: 'get',
  path: '/puzzles/{date}/{kind}/{level}/stats',
  operationId: 'getPuzzleStats',
  tags: [TAGS.leaderboards.name],
  ...readsOwnSolves(OPTIONAL_PLAYER_READ, 'puzzle'),
  summary: 'Solvers, median time, time histogram and benchmark of a puzzle',
  description: "With a player token, the histogram marks the bucket of the caller's own counted time.",
  request: { params: PuzzleParams },
  responses: {
    200: jsonAnswer(PuzzleStatsSchema, 'The statistics'),
    400: jsonError('Malformed date, unknown kind or level'),
    401: jsonError('A player token that is not valid'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
  },
});

/** The scope the caller asked for, or the 401/404 that says why it may not have it. */
async function scopeOf(c: RequestContext, name: string, viewerId: string | null): Promise<BoardScope> {
  const outcome = await resolveScope(c.var.services, viewerId, name);
  if (!outcome.ok) throw refusal(SCOPE_REFUSALS, outcome);
  return outcome.scope;
}

/** Anonymous global pages are the same for everyone: a few seconds of reuse spares the database under load. */
function cacheBoard(c: RequestContext, viewerId: string | null): void {
  c.header('Vary', 'Authorization', { append: true });
  c.header('Cache-Control', viewerId === null ? CACHE_CONTROL.board : CACHE_CONTROL.private);
}

export const leaderboardRoutes = routeGroup()
  .openapi(puzzleBoard, async (c) => {
    const services = c.var.services;
    const query = c.req.valid('query');
    const viewerId = c.var.player?.id ?? null;
    const scope = await scopeOf(c, query.scope, viewerId);
    const puzzle = await requireBoardPuzzle(services, c.req.valid('param'));
    const live = await livePageFacts(services, puzzle, scope, viewerId);
    const page = await puzzleBoardPage(services.db, puzzle.id, {
      after: decodeCursor(query.cursor, BoardCursor),
      // One row more than asked tells whether another page follows.
      limit: query.limit + 1,
      viewerId,
      scope,
      ...(live && { live }),
      topEvidence: topEvidenceBar(services),
    });
    const shown = pageOf(page.entries, query.limit, (last) => ({
      countedMs: last.countedMs,
      id: last.submissionId,
    }));
    const top = await holdUnearnedTop(services, scope, shown.rows, page.topEarned);
    cacheBoard(c, viewerId);
    return c.json(
      {
        puzzleId: puzzle.id,
        scope: query.scope,
        heldForReview: top.heldForReview,
        entries: top.rows.map((r) => ({
          rank: r.rank,
          playerId: r.playerId,
          displayName: r.displayName,
          countedMs: r.countedMs,
          submittedAt: r.createdAt,
        })),
        nextCursor: shown.nextCursor,
        solvers: page.solvers,
        me: page.mine
          ? {
              rank: page.mine.rank,
              countedMs: page.mine.countedMs,
              fasterThanPercent: fasterThan(page.mine.rank, page.solvers),
            }
          : null,
        meUnderReview: page.mineUnderReview,
      },
      200,
    );
  })
  .openapi(ratingBoard, async (c) => {
    const { kind } = c.req.valid('param');
    const query = c.req.valid('query');
    const viewerId = c.var.player?.id ?? null;
    const scope = await scopeOf(c, query.scope, viewerId);
    const board = await ratingBoardPage(c.var.services.db, kind, {
      after: decodeCursor(query.cursor, RatingCursor),
      limit: query.limit + 1,
      viewerId,
      scope,
    });
    const page = pageOf(board.entries, query.limit, (last) => ({
      rating: last.rating,
      playerId: last.playerId,
    }));
    const top = await holdUnearnedTop(c.var.services, scope, page.rows);
    cacheBoard(c, viewerId);
    return c.json(
      {
        kind,
        scope: query.scope,
        heldForReview: top.heldForReview,
        entries: top.rows.map((r) => ({
          rank: r.rank,
          playerId: r.playerId,
          displayName: r.displayName,
          rating: Math.round(r.rating),
          deviation: Math.round(r.deviation),
          games: r.games,
        })),
        nextCursor: page.nextCursor,
        me: board.mine && {
          rank: board.mine.rank,
          rating: Math.round(board.mine.rating),
          deviation: Math.round(board.mine.deviation),
          games: board.mine.games,
        },
      },
      200,
    );
  })
  .openapi(dailyBoard, async (c) => {
    const services = c.var.services;
    const query = c.req.valid('query');
    const date = requirePlayableDate(services, c.req.valid('param').date);
    const viewerId = c.var.player?.id ?? null;
    const scope = await scopeOf(c, query.scope, viewerId);
    const page = await dailyBoardPage(services.db, date, {
      after: decodeCursor(query.cursor, DailyCursor),
      limit: query.limit + 1,
      viewerId,
      scope,
    });
    const shown = pageOf(page.entries, query.limit, (last) => ({
      total: last.total,
      playerId: last.playerId,
    }));
    const top = await holdUnearnedTop(services, scope, shown.rows);
    cacheBoard(c, viewerId);
    return c.json(
      {
        date,
        scope: query.scope,
        heldForReview: top.heldForReview,
        entries: top.rows.map((r) => ({
          rank: r.rank,
          playerId: r.playerId,
          displayName: r.displayName,
          total: r.total,
          solved: r.solved,
        })),
        nextCursor: shown.nextCursor,
        players: page.players,
        me: page.mine,
      },
      200,
    );
  })
  .openapi(stats, async (c) => {
    const services = c.var.services;
    const puzzle = await requireDailyPuzzle(services, c.req.valid('param'));
    const viewerId = c.var.player?.id ?? null;
    const edges = histogramEdges(puzzle.benchmarkSeconds);
    const live = await liveStats(services, puzzle, edges);
    const row = await puzzleStats(services.db, puzzle.id, edges, viewerId, live);
    cacheBoard(c, viewerId);
    return c.json(
      {
        puzzleId: puzzle.id,
        solvers: row.solvers,
        medianMs: row.medianMs,
        benchmarkSeconds: puzzle.benchmarkSeconds,
        histogram: row.histogram.map((count, i) => ({
          fromMs: i === 0 ? 0 : (edges[i - 1] as number),
          toMs: edges[i] ?? null,
          count,
          mine: i === row.mineBucket,
        })),
        votes: shownVotes(row.votes),
        myVote: row.myVote && voteView(row.myVote),
      },
      200,
    );
  });
