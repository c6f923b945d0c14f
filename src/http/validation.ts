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

/** A field's path as JavaScript writes it: `solution.grid`, `log[1][0]`. */
function pathText(path: PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** The code of a refused parameter: a kind or a level the API does not have has its own. */
function codeOf(target: string, issue: { path: PropertyKey[] } | undefined): string {
  const field = target === 'param' || target === 'query' ? issue?.path[0] : undefined;
  if (field === 'kind') return 'invalid_kind';
  if (field === 'level') return 'invalid_level';
  return 'invalid_request';
}

/** Where a schema problem is: the field's path, said as the part of the request it is in. */
export function issueMessage(
  target: string,
  issue: { path: PropertyKey[]; message: string } | undefined,
): string {
  if (!issue) return 'invalid request';
  const part = PARTS[target] ?? target;
  const path = pathText(issue.path);
  if (path === '') return `${part === 'body' ? 'the body' : part}: ${issue.message}`;
  // A body field reads as its own name; query and path parameters say which they are.
  return part === 'body' ? `${path}: ${issue.message}` : `${part} ${path}: ${issue.message}`;
}

/** Every schema failure becomes a 400 JSON error naming the first offending field. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every input and output type.
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  return c.json(errorBody(codeOf(result.target, issue), issueMessage(result.target, issue)), 400);
};
