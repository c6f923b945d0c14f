import { env } from 'cloudflare:test';
import { createApp } from '../../src/app.js';

/** The real app against the test's local D1, with the clock frozen at `iso` (on `bindings`: the suite's by default). */
export function appAt(iso: string, bindings: Cloudflare.Env = env) {
  const app = createApp({ now: () => new Date(iso) });
  return (path: string, init?: RequestInit) => app.request(path, init, bindings);
}

export interface ErrorJson {
  error: { code: string; message: string; requestId?: string };
}
