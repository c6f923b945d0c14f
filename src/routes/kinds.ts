import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { LEVELS } from '../engines/types.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { descriptorOf, KINDS } from '../kinds/index.js';

const KindSchema = z
  .object({
    kind: z.enum(KINDS).openapi({ example: 'sudoku' }),
    displayName: z.string().openapi({ example: 'Sudoku' }),
    levels: z.array(z.enum(LEVELS)).openapi({ description: 'Easiest first' }),
    engineVersion: z.number().int(),
    logFormat: z.string().openapi({ description: 'What the entries `[t, a, b]` of a move log mean' }),
    reveal: z
      .boolean()
      .openapi({ description: 'Hidden information is disclosed move by move through the reveal route' }),
  })
  .openapi('Kind');

const list = createRoute({
  method: 'get',
  path: '/kinds',
  summary: 'The puzzle kinds this service offers, with their levels and move-log formats',
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ kinds: z.array(KindSchema) }) } },
      description: 'Every kind, in the order lists show them',
    },
  },
});

export const kindRoutes = new OpenAPIHono<AppEnv>().openapi(list, (c) => {
  const kinds = KINDS.map((kind) => {
    const { engine, displayName, logFormat, reveal } = descriptorOf(kind);
    return {
      kind,
      displayName,
      levels: [...engine.levels],
      engineVersion: engine.version,
      logFormat,
      reveal,
    };
  });
  c.header('Cache-Control', CACHE_CONTROL.puzzle);
  return c.json({ kinds }, 200);
});
