import { type Hook, z } from '@hono/zod-openapi';
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

/** The error codes a field's own schema may answer with, where `invalid_request` would say too little. */
const FieldCode = z.enum(['invalid_kind', 'invalid_level']);
export type FieldCode = z.infer<typeof FieldCode>;

/**
 * `schema`, whose refusal carries its own error code: the validation hook answers `code` for it rather than
 * `invalid_request`, wherever the schema is used. The value is checked before `schema` reads it, so that the
 * issue is a custom one, the kind whose `params` zod keeps; the document shows `schema` alone.
 */
export function refusedAs<T extends z.ZodType>(code: FieldCode, schema: T) {
  return z.preprocess((input, ctx) => {
    const checked = schema.safeParse(input);
    for (const issue of checked.success ? [] : checked.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input, params: { code } });
    }
    return input;
  }, schema);
}

/** The code of a schema failure: the one its schema declared with `refusedAs`, else `invalid_request`. */
function codeOf(issue: z.core.$ZodIssue | undefined): FieldCode | 'invalid_request' {
  const declared = issue?.code === 'custom' ? FieldCode.safeParse(issue.params?.code) : undefined;
  return declared?.success ? declared.data : 'invalid_request';
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
  const param = issue ? pathText(issue.path) : '';
  return c.json(
    errorBody(codeOf(issue), issueMessage(result.target, issue), param === '' ? {} : { param }),
    400,
  );
};
