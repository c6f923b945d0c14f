import { createRoute, z } from '@hono/zod-openapi';
import { CalibrationSchema, GenerationResultSchema, GenerationRunsSchema } from '../contract/admin.js';
import { recentGenerationRuns } from '../db/generation-runs.js';
import { calibrateNow, generateDateNow } from '../play/admin-jobs.js';
import { ADMIN, OWNER } from './access.js';
import { jsonAnswer } from './json.js';
import { requirePlayableDate } from './require.js';
import { routeGroup } from './route-group.js';
import { DateParam, jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const regenerate = createRoute({
  method: 'post',
  path: '/admin/dates/{date}/generate',
  operationId: 'generateDate',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: 'Make whatever puzzles of a playable date are missing (e.g. after a failed generation)',
  description: 'Existing puzzles are never replaced: players may have played them.',
  request: { params: z.object({ date: DateParam }) },
  responses: {
    200: jsonAnswer(GenerationResultSchema, 'What the run did'),
    400: jsonError('Malformed date'),
    401: jsonError('Missing or wrong admin token'),
    403: jsonError('A moderator, not an owner'),
    404: jsonError('Date outside the archive or not begun anywhere yet'),
  },
});

const calibrate = createRoute({
  method: 'post',
  path: '/admin/calibrate',
  operationId: 'calibrateBenchmarks',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: 'Run benchmark calibration now (the daily cron runs it too)',
  responses: {
    200: jsonAnswer(CalibrationSchema, 'The benchmarks that moved'),
    401: jsonError('Missing or wrong admin token'),
    403: jsonError('A moderator, not an owner'),
  },
});

const runs = createRoute({
  method: 'get',
  path: '/admin/generation-runs',
  operationId: 'listGenerationRuns',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Recent generation runs, newest first',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
  responses: {
    200: jsonAnswer(GenerationRunsSchema, 'The runs'),
    401: jsonError('Missing or wrong admin token'),
  },
});

export const adminRoutes = routeGroup()
  .openapi(regenerate, async (c) => {
    const services = c.var.services;
    const date = requirePlayableDate(services, c.req.valid('param').date);
    return c.json(await generateDateNow(services, date, c.var.moderator), 200);
  })
  .openapi(calibrate, async (c) => {
    return c.json({ updates: await calibrateNow(c.var.services, c.var.moderator) }, 200);
  })
  .openapi(runs, async (c) => {
    return c.json({ runs: await recentGenerationRuns(c.var.services.db, c.req.valid('query').limit) }, 200);
  });
