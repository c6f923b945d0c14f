import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.js';
import { validationHook } from '../http/validation.js';

/**
 * A group of routes, mounted under /v1 by src/app.ts: a schema failure of any of its requests answers as
 * every other route's does (src/http/validation.ts).
 */
export function routeGroup() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
