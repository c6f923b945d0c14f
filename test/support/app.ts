import { env } from 'cloudflare:test';
import { createApp } from '../../src/app.js';
import { someAddress } from './play.js';

/** The real app against the test's local D1, with the clock frozen at `iso` (on `bindings`: the suite's by default). */
export function appAt(iso: string, bindings: Cloudflare.Env = env) {
  const app = createApp({ now: () => new Date(iso) });
  return (path: string, init?: RequestInit) => app.request(path, init, bindings);
}

export interface ErrorJson {
  error: { code: string; message: string; requestId?: string };
}

/**
 * A request to the real app at `iso` as the bearer of `token`, from a fresh address (so the per-address
 * limits stay out of it), with `body` as JSON when there is one.
 */
export function requestAs(iso: string, token: string, method: string, path: string, body?: unknown) {
  return appAt(iso)(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...someAddress(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
