import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { puzzleBoardPage, puzzleStats, ratingBoardPage } from '../db/leaderboards.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { CursorQuery, decodeCursor, encodeCursor, LimitQuery } from '../http/cursor.js';
import { optionalPlayer } from '../http/player-auth.js';
import { validationHook } from '../http/validation.js';
import { KINDS } from '../kinds/index.js';
import { fasterThan } from '../play/submit.js';
import { requireDailyPuzzle } from './require.js';
import { jsonError, KindParam, PuzzleParams } from './schemas.js';

/** The histogram spans 0 to 2.5 benchmarks in 10 buckets; the last bucket holds everything slower. */
const HISTOGRAM_BUCKETS = 10;
const HISTOGRAM_SPAN = 2.5;

const BoardCursor = z.object({ countedMs: z.number().int(), id: z.number().int() });
const RatingCursor = z.object({ rating: z.number(), playerId: z.string() });

const PuzzleBoardSchema = z
  .object({
    puzzleId: z.string(),
    entries: z.array(
      z.object({
        rank: z.number().int(),
        playerId: z.string(),
        displayName: z.string().nullable(),
        countedMs: z.number().int(),
        submittedAt: z.string(),
      }),
    ),
    nextCursor: z.string().nullable(),
    solvers: z.number().int(),
    me: z
      .object({ rank: z.number().int(), countedMs: z.number().int(), fasterThanPercent: z.number() })
      .nullable()
      .openapi({ description: "The caller's own rank (with a player token), even when outside this page" }),
    meUnderReview: z.boolean().openapi({
      description: "With a player token: the caller's solve waits for a moderator (then `me` is null)",
    }),
  })
  .openapi('PuzzleLeaderboard');

const puzzleBoard = createRoute({
  method: 'get',
  path: '/leaderboards/{date}/{kind}/{level}',
  summary: "A puzzle's fastest ranked times (ties: earlier submission first)",
  request: { params: PuzzleParams, query: z.object({ cursor: CursorQuery, limit: LimitQuery }) },
  responses: {
    200: { content: { 'application/json': { schema: PuzzleBoardSchema } }, description: 'One page' },
    400: jsonError('Malformed date, kind, level or cursor'),
    401: jsonError('A bearer token was sent but is not a valid player token'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
  },
});

const RatingBoardSchema = z
  .object({
    kind: z.enum(KINDS),
    entries: z.array(
      z.object({
        playerId: z.string(),
        displayName: z.string().nullable(),
        rating: z.number().int(),
        deviation: z.number().int(),
        games: z.number().int(),
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .openapi('RatingLeaderboard');

const ratingBoard = createRoute({
  method: 'get',
  path: '/leaderboards/ratings/{kind}',
  summary: 'Top ratings of a kind among its established players',
  description:
    'Established: at least 5 counted (clean) solves of the kind on 3 distinct dates and a deviation under 230.',
  request: {
    params: z.object({ kind: KindParam }),
    query: z.object({ cursor: CursorQuery, limit: LimitQuery }),
  },
  responses: {
    200: { content: { 'application/json': { schema: RatingBoardSchema } }, description: 'One page' },
    400: jsonError('Unknown kind or malformed cursor'),
  },
});

const StatsSchema = z
  .object({
    puzzleId: z.string(),
    solvers: z.number().int(),
    medianMs: z.number().nullable(),
    benchmarkSeconds: z.number(),
    histogram: z
      .array(
        z.object({ fromMs: z.number().int(), toMs: z.number().int().nullable(), count: z.number().int() }),
      )
      .openapi({ description: 'Counts of ranked times; the last bucket is open-ended (toMs null)' }),
  })
  .openapi('PuzzleStats');

const stats = createRoute({
  method: 'get',
  path: '/puzzles/{date}/{kind}/{level}/stats',
  summary: 'Solvers, median time, time histogram and benchmark of a puzzle',
  request: { params: PuzzleParams },
  responses: {
    200: { content: { 'application/json': { schema: StatsSchema } }, description: 'The statistics' },
    400: jsonError('Malformed date, unknown kind or level'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
  },
});

export const leaderboardRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(puzzleBoard, async (c) => {
    const services = c.var.services;
    const { cursor, limit } = c.req.valid('query');
    const after = decodeCursor(cursor, BoardCursor);
    const player = await optionalPlayer(c);
    const puzzle = await requireDailyPuzzle(services, c.req.valid('param'));
    const page = await puzzleBoardPage(services.db, puzzle.id, after, limit, player?.id ?? null);
    const last = page.entries.at(-1);
    // Anonymous pages are the same for everyone: a few seconds of reuse spares the database under load.
    c.header('Vary', 'Authorization', { append: true });
    c.header('Cache-Control', player ? CACHE_CONTROL.private : CACHE_CONTROL.board);
    return c.json(
      {
        puzzleId: puzzle.id,
        entries: page.entries.map((r, i) => ({
          rank: page.firstRank + i,
          playerId: r.playerId,
          displayName: r.displayName,
          countedMs: r.countedMs,
          submittedAt: r.createdAt,
        })),
        nextCursor:
          last && page.entries.length === limit
            ? encodeCursor({ countedMs: last.countedMs, id: last.submissionId })
            : null,
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
    const { cursor, limit } = c.req.valid('query');
    const rows = await ratingBoardPage(c.var.services.db, kind, decodeCursor(cursor, RatingCursor), limit);
    const last = rows.at(-1);
    c.header('Cache-Control', CACHE_CONTROL.board);
    return c.json(
      {
        kind,
        entries: rows.map((r) => ({
          ...r,
          rating: Math.round(r.rating),
          deviation: Math.round(r.deviation),
        })),
        nextCursor:
          last && rows.length === limit
            ? encodeCursor({ rating: last.rating, playerId: last.playerId })
            : null,
      },
      200,
    );
  })
  .openapi(stats, async (c) => {
    const services = c.var.services;
    const puzzle = await requireDailyPuzzle(services, c.req.valid('param'));
    const bucketMs = Math.max(
      1,
      Math.round((puzzle.benchmarkSeconds * 1000 * HISTOGRAM_SPAN) / HISTOGRAM_BUCKETS),
    );
    const row = await puzzleStats(services.db, puzzle.id, bucketMs, HISTOGRAM_BUCKETS);
    c.header('Cache-Control', CACHE_CONTROL.board);
    return c.json(
      {
        puzzleId: puzzle.id,
        solvers: row.solvers,
        medianMs: row.medianMs,
        benchmarkSeconds: puzzle.benchmarkSeconds,
        histogram: row.histogram.map((count, i) => ({
          fromMs: i * bucketMs,
          toMs: i === HISTOGRAM_BUCKETS - 1 ? null : (i + 1) * bucketMs,
          count,
        })),
      },
      200,
    );
  });
