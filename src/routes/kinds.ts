import { createRoute } from '@hono/zod-openapi';
import { KindListSchema } from '../contract/kind-info.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { descriptorOf, KINDS } from '../kinds/index.js';
import { NO_TOKEN } from './access.js';
import { jsonAnswer } from './json.js';
import { routeGroup } from './route-group.js';
import { TAGS } from './tags.js';

const list = createRoute({
  method: 'get',
  path: '/kinds',
  operationId: 'listKinds',
  tags: [TAGS.puzzles.name],
  ...NO_TOKEN,
  summary: 'The puzzle kinds this service offers, with their levels, move-log formats and capabilities',
  responses: {
    200: jsonAnswer(KindListSchema, 'Every kind, in the order lists show them'),
  },
});

export const kindRoutes = routeGroup().openapi(list, (c) => {
  const kinds = KINDS.map((kind) => {
    const { engine, displayName, logFormat, reveal, hint } = descriptorOf(kind);
    return {
      kind,
      displayName,
      levels: [...engine.levels],
      engineVersion: engine.version,
      logFormat,
      reveal: reveal !== undefined,
      hints: hint !== undefined,
    };
  });
  c.header('Cache-Control', CACHE_CONTROL.puzzle);
  return c.json({ kinds }, 200);
});
