import { createRoute, z } from '@hono/zod-openapi';
import { HistorySchema, PlayerStatsSchema } from '../contract/history.js';
import { reviewNoteOf } from '../contract/submission.js';
import { historyPage } from '../db/history.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { decodeCursor, pageOf } from '../http/cursor.js';
import { playerStats } from '../play/player-stats.js';
import { PLAYER_READ } from './access.js';
import { jsonAnswer, PageQuery } from './json.js';
import { readsOwnSolves } from './own-solves.js';
import { requireLevelOf } from './require.js';
import { routeGroup } from './route-group.js';
import { jsonError, KindSchema, LevelSchema } from './schemas.js';
import { TAGS } from './tags.js';

const history = createRoute({
  method: 'get',
  path: '/players/me/history',
  operationId: 'getHistory',
  tags: [TAGS.players.name],
  ...readsOwnSolves(PLAYER_READ, 'live'),
  summary: "The caller's submissions, newest first: ranked solves, practice and wrong attempts",
  request: {
    query: z.object({
      kind: KindSchema.optional(),
      level: LevelSchema.optional(),
      ...PageQuery.shape,
    }),
  },
  responses: {
    200: jsonAnswer(HistorySchema, 'One page'),
    400: jsonError('Unknown kind or level, malformed cursor'),
    401: jsonError('Missing or invalid token'),
  },
});

const stats = createRoute({
  method: 'get',
  path: '/players/me/stats',
  operationId: 'getMyStats',
  tags: [TAGS.players.name],
  ...readsOwnSolves(PLAYER_READ, 'live'),
  summary:
    "The caller's counted solves of the last days, per kind and level, its rating over them and by technique",
  request: {
    query: z.object({
      kind: KindSchema.optional(),
      days: z.coerce
        .number()
        .int()
        .min(1)
        .max(366)
        .default(30)
        .openapi({ description: 'In the caller’s calendar' }),
    }),
  },
  responses: {
    200: jsonAnswer(PlayerStatsSchema, 'The statistics'),
    400: jsonError('Unknown kind or days out of range'),
    401: jsonError('Missing or invalid token'),
  },
});

const HistoryCursor = z.object({ before: z.number().int() });

export const historyRoutes = routeGroup()
  .openapi(history, async (c) => {
    const { kind, level, cursor, limit } = c.req.valid('query');
    if (kind !== undefined && level !== undefined) requireLevelOf(kind, level);
    const rows = await historyPage(
      c.var.services.db,
      c.var.player.id,
      { ...(kind === undefined ? {} : { kind }), ...(level === undefined ? {} : { level }) },
      decodeCursor(cursor, HistoryCursor)?.before ?? null,
      limit + 1,
    );
    const page = pageOf(rows, limit, (last) => ({ before: last.id }));
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(
      {
        entries: page.rows.map((r) => ({
          submissionId: r.id,
          date: r.date,
          kind: r.kind,
          level: r.level,
          valid: r.valid,
          verdict: r.status,
          review: reviewNoteOf(r.status),
          practice: r.practice,
          hints: r.hints,
          countedMs: r.countedMs,
          score: r.score,
          rank: r.rank,
          solvers: r.solvers,
          ratingAfter: r.counted && r.ratingAfter !== null ? Math.round(r.ratingAfter) : null,
          submittedAt: r.submittedAt,
        })),
        nextCursor: page.nextCursor,
      },
      200,
    );
  })
  .openapi(stats, async (c) => {
    const { kind, days } = c.req.valid('query');
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await playerStats(c.var.services, c.var.player, days, kind), 200);
  });
