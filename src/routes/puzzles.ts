import { createRoute, z } from '@hono/zod-openapi';
import type { Level } from '../contract/kinds/index.js';
import { AnswerSchema, DayPuzzlesSchema, PlayablePuzzleSchema, type Puzzle } from '../contract/puzzle.js';
import { canonicalTimeZone, dateInTimeZone, type IsoDate, isTimeZone } from '../daily/calendar.js';
import { dailyPuzzles } from '../daily/daily-puzzles.js';
import { puzzlesOfDate } from '../daily/schedule.js';
import { type AnswerVerdict, judgeAnswers } from '../daily/window.js';
import { networkKey, UNREADABLE_ADDRESS } from '../http/address-key.js';
import { CACHE_CONTROL, conditionalGet, PayloadMemory, PUZZLE_MAX_AGE_S } from '../http/cache.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import type { Kind } from '../kinds/index.js';
import { startPuzzle } from '../play/start-puzzle.js';
import type { Services } from '../services.js';
import { behind, limitedBy, NO_TOKEN, OPTIONAL_PLAYER_READ_AS_ANONYMOUS } from './access.js';
import { jsonAnswer } from './json.js';
import { toAnswer, toPuzzleView } from './puzzle-view.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { generationContext, requireDailyPuzzle, requireLevelOf, requirePlayableDate } from './require.js';
import { routeGroup } from './route-group.js';
import { DateParam, invalidTimeZone, jsonError, PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

const today = createRoute({
  method: 'get',
  path: '/puzzles/today',
  operationId: 'getToday',
  tags: [TAGS.puzzles.name],
  ...behind(conditionalGet, NO_TOKEN),
  summary: "Today's puzzles in the caller's time zone",
  description:
    'Cacheable for a minute (ETag, If-None-Match → 304); in the last minute of the date in that zone ' +
    'only after revalidation.',
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
    200: jsonAnswer(DayPuzzlesSchema, 'Every puzzle of the date'),
    400: jsonError('Unknown time zone'),
    404: jsonError('Today is before the archive starts'),
  },
});

const ofDate = createRoute({
  method: 'get',
  path: '/puzzles/{date}',
  operationId: 'getPuzzlesOfDate',
  tags: [TAGS.puzzles.name],
  ...behind(conditionalGet, NO_TOKEN),
  summary: 'Every puzzle of a playable date',
  description: 'Cacheable for a minute (`rating` may be that old); ETag, If-None-Match → 304.',
  request: { params: z.object({ date: DateParam }) },
  responses: {
    200: jsonAnswer(DayPuzzlesSchema, 'Every puzzle of the date'),
    400: jsonError('Malformed date'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
  },
});

const one = createRoute({
  method: 'get',
  path: '/puzzles/{date}/{kind}/{level}',
  operationId: 'getPuzzle',
  tags: [TAGS.puzzles.name],
  // Each fetch with a token writes the player's session and signs a start token: counted before any
  // database work, so sessions cannot be opened in bulk.
  ...behind(
    conditionalGet,
    limitedBy(OPTIONAL_PLAYER_READ_AS_ANONYMOUS, [
      RATE_LIMITS.puzzleStartPerPlayer,
      RATE_LIMITS.puzzleStartPerIp,
    ]),
  ),
  summary: "One puzzle; with a player token it starts the player's session, the ranked clock",
  description:
    'Without a token the response is public and cacheable for a minute (`rating` may be that old), with an ' +
    "ETag (If-None-Match → 304). With a token the first fetch starts the player's session of the puzzle, kept " +
    'by the server: every later fetch returns the same `session.startedAt`, and the counted time of a ' +
    'submission runs from it. Such a response is private and never cached.',
  request: {
    params: PuzzleParams,
    query: z.object({
      tz: z.string().max(64).optional().openapi({
        description:
          "The player's IANA time zone; a player without one takes it as the calendar its streak counts in",
        example: 'Europe/Paris',
      }),
    }),
  },
  responses: {
    200: jsonAnswer(
      PlayablePuzzleSchema,
      'The puzzle, without its answer; with a player token also a start token for a ranked submission',
    ),
    401: jsonError('A bearer token was sent but is not a valid player token'),
    400: jsonError('Malformed date, unknown kind, level or time zone'),
    403: jsonError('The player is banned'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
    429: jsonError('Too many fetches with a player token; see Retry-After'),
    503: jsonError('The puzzle could not be generated; retried on the next request'),
  },
});

const ANSWER_REFUSALS = {
  embargoed: [
    403,
    'answer_embargoed',
    (failure, { date }) => `Answers of ${date} are public from ${failure.availableAt}`,
    {
      doc: 'The date has not ended everywhere yet',
      details: (failure) => ({ availableAt: failure.availableAt }),
    },
  ],
} as const satisfies Refusals<Failed<AnswerVerdict>, { date: IsoDate }>;

const answer = createRoute({
  method: 'get',
  path: '/puzzles/{date}/{kind}/{level}/answer',
  operationId: 'getAnswer',
  tags: [TAGS.puzzles.name],
  ...behind(conditionalGet, NO_TOKEN),
  summary: 'The answer, once the date has ended everywhere on Earth',
  description: 'Final once public: cacheable for a day, with an ETag.',
  request: { params: PuzzleParams },
  responses: {
    200: jsonAnswer(AnswerSchema, 'The stored answer'),
    ...errorResponses(
      {
        400: 'Malformed date, unknown kind or level',
        404: 'Date outside the archive or not begun anywhere yet',
      },
      ANSWER_REFUSALS,
    ),
  },
});

export const puzzleRoutes = routeGroup()
  .openapi(today, async (c) => {
    const services = c.var.services;
    const tz = c.req.valid('query').tz ?? 'UTC';
    if (!isTimeZone(tz)) throw invalidTimeZone(tz);
    const date = requirePlayableDate(services, dateInTimeZone(services.now(), tz));
    const puzzles = await dayViews(services, date);
    const later = new Date(services.now().getTime() + PUZZLE_MAX_AGE_S * 1000);
    c.header(
      'Cache-Control',
      dateInTimeZone(later, tz) === date ? CACHE_CONTROL.puzzle : CACHE_CONTROL.revalidate,
    );
    return c.json({ date, timeZone: tz, puzzles }, 200);
  })
  .openapi(ofDate, async (c) => {
    const services = c.var.services;
    const date = requirePlayableDate(services, c.req.valid('param').date);
    const puzzles = await dayViews(services, date);
    c.header('Cache-Control', CACHE_CONTROL.puzzle);
    return c.json({ date, puzzles }, 200);
  })
  .openapi(one, async (c) => {
    const services = c.var.services;
    const params = c.req.valid('param');
    const player = c.var.player;
    if (!player) {
      const view = await anonymousView(services, params);
      // The same URL answers differently with a token: caches must keep the two apart.
      c.header('Vary', 'Authorization', { append: true });
      c.header('Cache-Control', CACHE_CONTROL.puzzle);
      return c.json(view, 200);
    }
    const tz = c.req.valid('query').tz;
    const timeZone = tz === undefined ? null : canonicalTimeZone(tz);
    if (tz !== undefined && timeZone === null) {
      throw invalidTimeZone(tz);
    }
    const row = await requireDailyPuzzle(services, params);
    const started = await startPuzzle(
      services,
      player,
      row,
      timeZone,
      sessionNetwork(c.req.header('CF-Connecting-IP')),
    );
    c.header('Vary', 'Authorization', { append: true });
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(
      {
        ...toPuzzleView(row),
        session: { startedAt: started.startedAt.toISOString(), elapsedMs: started.elapsedMs },
        startToken: started.startToken,
      },
      200,
    );
  })
  .openapi(answer, async (c) => {
    const services = c.var.services;
    const params = c.req.valid('param');
    const date = requirePlayableDate(services, params.date);
    const verdict = judgeAnswers(date, services.now());
    if (!verdict.ok) throw refusal(ANSWER_REFUSALS, verdict, { date });
    const row = await requireDailyPuzzle(services, params);
    c.header('Cache-Control', CACHE_CONTROL.answer);
    return c.json(toAnswer(row), 200);
  });

/** Anonymous views of single puzzles and of whole days, kept as long as they are served fresh. */
const puzzleViews = new PayloadMemory<Puzzle>(128, PUZZLE_MAX_AGE_S * 1000);
const dayViewLists = new PayloadMemory<Puzzle[]>(32, PUZZLE_MAX_AGE_S * 1000);

async function dayViews(services: Services, date: IsoDate): Promise<Puzzle[]> {
  const now = services.now().getTime();
  const kept = dayViewLists.get(date, now);
  if (kept) return kept;
  const rows = await dailyPuzzles(generationContext(services), date);
  const views = rows.map(toPuzzleView);
  // A day missing a puzzle (its generation failed) is not kept: the next request tries again.
  if (rows.length >= puzzlesOfDate(date).length) dayViewLists.set(date, views, now);
  return views;
}

async function anonymousView(
  services: Services,
  params: { date: string; kind: Kind; level: Level },
): Promise<Puzzle> {
  // Checked before the memory: a kept puzzle must not make a date playable earlier for another clock.
  const date = requirePlayableDate(services, params.date);
  requireLevelOf(params.kind, params.level);
  const key = `${date}:${params.kind}:${params.level}`;
  const now = services.now().getTime();
  const kept = puzzleViews.get(key, now);
  if (kept) return kept;
  const view = toPuzzleView(await requireDailyPuzzle(services, params));
  puzzleViews.set(key, view, now);
  return view;
}

/** The caller's /24 or /48 as the rate limits count it, or null without a readable address. */
function sessionNetwork(address: string | undefined): string | null {
  if (address === undefined) return null;
  const network = networkKey(address);
  return network === UNREADABLE_ADDRESS ? null : network;
}
