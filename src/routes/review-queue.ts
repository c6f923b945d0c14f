import { createRoute } from '@hono/zod-openapi';
import { ReviewQueueSchema } from '../contract/review-queue.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { QUEUE_HELD_SOLVES, reviewQueue } from '../play/review-queue.js';
import { ADMIN } from './access.js';
import { jsonAnswer } from './json.js';
import { routeGroup } from './route-group.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const review = createRoute({
  method: 'get',
  path: '/admin/review',
  operationId: 'getReviewQueue',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary:
    'Held and flagged solves, rows held from a top 10 and suspects in one list, by the places at stake',
  description:
    `The ${QUEUE_HELD_SOLVES} held solves that would take the most places (GET /v1/admin/flags pages through ` +
    'all), every row held back from a live top 10 (GET /v1/admin/top-review) and every suspect ' +
    '(GET /v1/admin/suspects), each with the public places at stake, the most first.',
  responses: {
    200: jsonAnswer(ReviewQueueSchema, 'The queue'),
    401: jsonError('Missing or wrong admin token'),
  },
});

export const reviewQueueRoutes = routeGroup().openapi(review, async (c) => {
  c.header('Cache-Control', CACHE_CONTROL.private);
  return c.json(await reviewQueue(c.var.services), 200);
});
