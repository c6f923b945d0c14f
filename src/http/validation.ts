import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './context.js';
import { errorBody } from './errors.js';

/** The parts of a request a schema checks, as a message names them. */
const PARTS: Readonly<Record<string, string>> = {
  json: 'body',
  query: 'query parameter',
  param: 'path parameter',
  header: 'header',
  cookie: 'cookie',
  form: 'form field',
};

/** Where a schema problem is: the field's path, said as the part of the request it is in. */
export function issueMessage(
  target: string,
  issue: { path: PropertyKey[]; message: string } | undefined,
): string {
  if (!issue) return 'invalid request';
  const part = PARTS[target] ?? target;
  const path = issue.path.map(String).join('.');
  if (path === '') return `${part === 'body' ? 'the body' : part}: ${issue.message}`;
  // A body field reads as its own name; query and path parameters say which they are.
  return part === 'body' ? `${path}: ${issue.message}` : `${part} ${path}: ${issue.message}`;
}

/** Every schema failure becomes the same 400 JSON error, naming the first offending field. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every input and output type.
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  return c.json(errorBody('invalid_request', issueMessage(result.target, result.error.issues[0])), 400);
};
