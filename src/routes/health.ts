import { createRoute } from '@hono/zod-openapi';
import { HealthSchema } from '../contract/health.js';
import { pingDb } from '../db/ping.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { engineFor, KINDS } from '../kinds/index.js';
import { NO_TOKEN } from './access.js';
import { jsonAnswer } from './json.js';
import { routeGroup } from './route-group.js';
import { TAGS } from './tags.js';

const health = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: [TAGS.service.name],
  ...NO_TOKEN,
  summary: 'Liveness, database reachability and the engine versions in use',
  responses: {
    200: jsonAnswer(HealthSchema, 'The service is up'),
  },
});

export const healthRoutes = routeGroup().openapi(health, async (c) => {
  const { db, now } = c.var.services;
  await pingDb(db);
  const engines = Object.fromEntries(
    KINDS.map((kind) => {
      const { version, levels } = engineFor(kind);
      return [kind, { version, levels: [...levels] }];
    }),
  );
  // A health check is about this moment: never answered from a cache.
  c.header('Cache-Control', CACHE_CONTROL.none);
  return c.json({ ok: true, time: now().toISOString(), engines }, 200);
});
