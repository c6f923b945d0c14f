import { env } from 'cloudflare:test';
import { createApp } from '../../src/app.js';
import { type Client, createClient } from '../../src/client/index.js';
import { someAddress } from './play.js';

/** The browser client, answered by the real app instead of the network. */
export interface AppClient extends Client {
  /** Every response so far, in order, for its status and headers: the client's methods give the body alone. */
  readonly responses: Response[];
}

export interface AppClientOptions {
  /** The player token to send (none without). */
  token?: string;
  /** The caller's address; by default a random one per request, so per-address limits count each alone. */
  address?: string;
}

/**
 * `daily-puzzles/client` as a page holds it, calling the real app and the test's local D1 with the clock
 * frozen at `iso`: what a test reads is typed by the API's own schemas, and a refusal is the `ApiError` a
 * front end gets.
 */
export function clientAt(iso: string, { token, address }: AppClientOptions = {}): AppClient {
  const responses: Response[] = [];
  const send = appFetch(iso, address);
  const client = createClient('https://puzzles.test', {
    ...(token === undefined ? {} : { token }),
    fetch: async (input, init) => {
      const res = await send(input, init);
      responses.push(res);
      return res;
    },
  });
  return Object.assign(client, { responses });
}

/**
 * A `fetch` the typed clients can call, answered by the real app and the test's local D1 with the clock at
 * `iso`, from `address` (by default a random one per request, so per-address limits count each alone).
 */
export function appFetch(iso: string, address?: string) {
  const app = createApp({ now: () => new Date(iso) });
  return (input: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('CF-Connecting-IP', address ?? (someAddress()['CF-Connecting-IP'] as string));
    return Promise.resolve(app.request(input, { ...init, headers }, env));
  };
}
