import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../contract/error-codes.js';
import { ApiError } from '../http/errors.js';
import { jsonError } from './schemas.js';

/** A refused outcome of `src/play`: every flow refuses in this one shape, its reason naming why. */
export interface Failure {
  ok: false;
  reason: string;
}

/** What a refusal's message and details may read: the failure, and what the route knows (its parameters). */
type From<F, C, T> = T | ((failure: F, context: C) => T);

/**
 * How one failure answers: its status, its error code, the message a person reads and, for a client to act
 * on, details. The document describes it by its message, or by `doc` where the message is built per request.
 */
export type Refusal<F, C> = readonly [
  status: ClientErrorStatusCode,
  code: ErrorCode,
  message: From<F, C, string>,
  more?: {
    doc?: string;
    details?: (failure: F, context: C) => Record<string, unknown>;
    /** The field at fault (a path parameter's name, a body field's path), answered as `param`. */
    param?: string;
  },
];

/**
 * A route group's table of refusals: one per reason of its outcome, so a reason without one, or one the
 * outcome does not have, does not compile. Both the refusals and the document's 4xx responses come from it.
 */
export type Refusals<F extends Failure, C = undefined> = {
  readonly [R in F['reason']]: Refusal<F & { reason: R }, C>;
};

/** The HTTP error a failure answers, as its table says. */
export function refusal<F extends Failure, C = undefined>(
  table: Refusals<F, C>,
  failure: F,
  ...[context]: C extends undefined ? [] : [context: C]
): ApiError {
  const [status, code, message, more] = (table as Record<string, Refusal<F, C>>)[failure.reason] as Refusal<
    F,
    C
  >;
  const text = typeof message === 'function' ? message(failure, context as C) : message;
  return new ApiError(status, code, text, more?.details?.(failure, context as C), more?.param);
}

type StatusOf<T> = Extract<
  { [K in keyof T]: T[K] extends readonly [infer S, ...unknown[]] ? S : never }[keyof T],
  number
>;

type ErrorResponse = ReturnType<typeof jsonError>;

/** The part of a table for a route that meets only some of its reasons. */
export function only<T extends object, const K extends keyof T>(table: T, ...reasons: K[]): Pick<T, K> {
  return Object.fromEntries(reasons.map((r) => [r, table[r]])) as Pick<T, K>;
}

/**
 * The document's error responses of a route: its own (the request's shape, the caller's token) and those of
 * the refusal tables its outcomes answer with, one description per status.
 */
export function errorResponses<
  const O extends Partial<Record<ClientErrorStatusCode | 503, string>>,
  // Any table, whatever its failure and context types: a row's functions take `never`, which every
  // failure and context type accepts.
  const T extends readonly Readonly<Record<string, Refusal<never, never>>>[],
>(own: O, ...tables: T): Record<keyof O | StatusOf<T[number]>, ErrorResponse> {
  const lines = new Map<number, string[]>();
  const add = (status: number, line: string) => lines.set(status, [...(lines.get(status) ?? []), line]);
  for (const [status, description] of Object.entries(own)) add(Number(status), description as string);
  for (const table of tables) {
    for (const [status, code, message, more] of Object.values(table) as Refusal<unknown, unknown>[]) {
      const text = more?.doc ?? (typeof message === 'string' ? message : undefined);
      add(status, text === undefined ? `\`${code}\`` : `\`${code}\`: ${text}`);
    }
  }
  return Object.fromEntries(
    [...lines].map(([status, texts]) => [status, jsonError([...new Set(texts)].join('; '))]),
  ) as Record<keyof O | StatusOf<T[number]>, ErrorResponse>;
}

/** The refused outcomes of a flow's outcome type. */
export type Failed<O> = Extract<O, Failure>;
