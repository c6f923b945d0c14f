import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './context.js';
import { errorBody } from './errors.js';

/** Every schema failure becomes the same 400 JSON error, naming the first offending field. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every input and output type.
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  const message = issue ? `${where}${issue.message}` : 'invalid request';
  return c.json(errorBody('invalid_request', `Invalid ${result.target}: ${message}`), 400);
};
