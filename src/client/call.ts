import type { ErrorBody } from '../contract/error.js';
import { ApiError, networkError, unexpectedResponse } from './api-error.js';
import { BOOKMARK_HEADER, newerBookmark } from './bookmark.js';

export interface ClientOptions {
  /** The player token to send, or a function read on every call (e.g. from localStorage); none when empty. */
  token?: string | (() => string | null | undefined);
  /** The fetch to use (default: the global one); tests and server-side rendering pass their own. */
  fetch?: (input: string, init: RequestInit) => Response | Promise<Response>;
}

/**
 * `fresh`: past every cache to the database (anonymous boards and statistics are otherwise reused for a
 * few seconds), e.g. for the standings right after a solve.
 */
export interface Fresh {
  fresh?: boolean;
}

type Query = Record<string, string | number | undefined>;

/**
 * For a call that creates something: a key of the caller's choosing (a UUID per intended creation) that
 * makes retrying it safe. The same key and request within 24 hours answers the first answer again and
 * creates nothing more.
 */
export interface Idempotent {
  idempotencyKey?: string;
}

export interface Call extends Fresh, Idempotent {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
}

/**
 * How both clients call the API at `baseUrl`: the JSON of a response, or an `ApiError` carrying the API's
 * `{error: {code, message}}` for any refusal (and one of its own when the network or the answer fails).
 * Each call sends the newest D1 bookmark a response gave this client, so it reads its own writes wherever
 * a database replica answers; a bookmark the API refuses (`invalid_bookmark`) is dropped, so the next call
 * starts afresh.
 */
export function caller(baseUrl: string, options: ClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const tokenOf =
    typeof options.token === 'function' ? options.token : () => options.token as string | undefined;
  let bookmark: string | null = null;

  return async function call<T>(
    path: string,
    { method = 'GET', query, body, fresh, idempotencyKey }: Call = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (fresh) headers['cache-control'] = 'no-cache';
    const token = tokenOf();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (bookmark !== null) headers[BOOKMARK_HEADER] = bookmark;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    let res: Response;
    try {
      res = await send(`${base}${path}${queryString(query)}`, init);
    } catch (cause) {
      throw networkError(cause);
    }
    bookmark = newerBookmark(bookmark, res.headers.get(BOOKMARK_HEADER));
    if (res.status === 204) return undefined as T;
    const json: unknown = await res.json().catch(() => undefined);
    if (res.ok && json !== undefined) return json as T;
    if (isErrorBody(json)) {
      if (json.error.code === 'invalid_bookmark') bookmark = null;
      throw new ApiError(res.status, json.error);
    }
    throw unexpectedResponse(res.status, res.statusText);
  };
}

export function segment(value: string): string {
  return encodeURIComponent(value);
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function isErrorBody(json: unknown): json is ErrorBody {
  if (typeof json !== 'object' || json === null || !('error' in json)) return false;
  const { error } = json as { error: unknown };
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
