import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { PlayerId } from '../auth/player-token.js';
import { startToken } from '../auth/start-token.js';
import {
  answersPublicAt,
  areAnswersPublic,
  dateInTimeZone,
  type IsoDate,
  isTimeZone,
} from '../daily/calendar.js';
import { dailyPuzzles } from '../daily/daily-puzzles.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { optionalPlayer } from '../http/player-auth.js';
import { validationHook } from '../http/validation.js';
import { toPuzzleView } from './puzzle-view.js';
import { generationContext, requireDailyPuzzle, requirePlayableDate } from './require.js';
import {
  AnswerSchema,
  DateParam,
  DayPuzzlesSchema,
  jsonError,
  PlayablePuzzleSchema,
  PuzzleParams,
} from './schemas.js';

const today = createRoute({
  method: 'get',
  path: '/puzzles/today',
  summary: "Today's puzzles in the caller's time zone",
  request: {
    query: z.object({
      tz: z
        .string()
        .max(64)
        .optional()
        .openapi({ description: 'IANA time zone; UTC when absent', example: 'Europe/Paris' }),
    }),
  },
  responses: {
    200: {
      content: { 'application/json': { schema: DayPuzzlesSchema } },
      description: 'Every puzzle of the date',
    },
    400: jsonError('Unknown time zone'),
    404: jsonError('Today is before the archive starts'),
  },
});

const ofDate = createRoute({
  method: 'get',
  path: '/puzzles/{date}',
  summary: 'Every puzzle of a playable date',
  request: { params: z.object({ date: DateParam }) },
  responses: {
    200: {
      content: { 'application/json': { schema: DayPuzzlesSchema } },
      description: 'Every puzzle of the date',
    },
    400: jsonError('Malformed date'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
  },
});

const one = createRoute({
  method: 'get',
  path: '/puzzles/{date}/{kind}/{level}',
  summary: 'One puzzle; with a player token this starts the ranked clock',
  request: { params: PuzzleParams },
  responses: {
    200: {
      content: { 'application/json': { schema: PlayablePuzzleSchema } },
      description:
        'The puzzle, without its answer; with a player token also a start token for a ranked submission',
    },
    401: jsonError('A bearer token was sent but is not a valid player token'),
    400: jsonError('Malformed date, unknown kind or level'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
    503: jsonError('The puzzle could not be generated; retried on the next request'),
  },
});

const answer = createRoute({
  method: 'get',
  path: '/puzzles/{date}/{kind}/{level}/answer',
  summary: 'The answer, once the date has ended everywhere on Earth',
  request: { params: PuzzleParams },
  responses: {
    200: { content: { 'application/json': { schema: AnswerSchema } }, description: 'The stored answer' },
    400: jsonError('Malformed date, unknown kind or level'),
    403: jsonError('The date has not ended everywhere yet'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
  },
});

export const puzzleRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(today, async (c) => {
    const services = c.var.services;
    const tz = c.req.valid('query').tz ?? 'UTC';
    if (!isTimeZone(tz)) throw new ApiError(400, 'invalid_time_zone', `${tz} is not an IANA time zone`);
    const date = requirePlayableDate(services, dateInTimeZone(services.now(), tz));
    const rows = await dailyPuzzles(generationContext(services), date);
    c.header('Cache-Control', 'no-store');
    return c.json({ date, timeZone: tz, puzzles: rows.map(toPuzzleView) }, 200);
  })
  .openapi(ofDate, async (c) => {
    const services = c.var.services;
    const date = requirePlayableDate(services, c.req.valid('param').date);
    const rows = await dailyPuzzles(generationContext(services), date);
    return c.json({ date, puzzles: rows.map(toPuzzleView) }, 200);
  })
  .openapi(one, async (c) => {
    const services = c.var.services;
    const params = c.req.valid('param');
    const player = await optionalPlayer(c);
    const row = await requireDailyPuzzle(services, params);
    if (!player) return c.json(toPuzzleView(row), 200);
    const token = await startToken(services.config.tokenSecret, {
      playerId: player.id as PlayerId,
      puzzleId: row.id,
      startedAt: services.now().getTime(),
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ...toPuzzleView(row), startToken: token }, 200);
  })
  .openapi(answer, async (c) => {
    const services = c.var.services;
    const params = c.req.valid('param');
    const date = requirePlayableDate(services, params.date);
    if (!areAnswersPublic(date, services.now())) {
      throw new ApiError(403, 'answer_embargoed', `Answers of ${date} are public from ${publicAt(date)}`, {
        availableAt: publicAt(date),
      });
    }
    const row = await requireDailyPuzzle(services, params);
    return c.json(
      {
        id: row.id,
        seed: row.seed,
        puzzle: JSON.parse(row.puzzleJson) as unknown,
        solution: JSON.parse(row.answerJson) as unknown,
        meta: JSON.parse(row.metaJson) as Record<string, number | string | boolean>,
      },
      200,
    );
  });

function publicAt(date: IsoDate): string {
  return answersPublicAt(date).toISOString();
}
