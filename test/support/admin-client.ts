import { env } from 'cloudflare:test';
import { createApp } from '../../src/app.js';
import { type AdminClient, createAdminClient } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { someAddress } from './play.js';

/** The admin client with the development admin token, answered by the real app with the clock at `iso`. */
export function adminAt(iso: string): AdminClient {
  const app = createApp({ now: () => new Date(iso) });
  return createAdminClient('https://puzzles.test', {
    token: DEV_SECRETS.ADMIN_TOKEN,
    fetch: async (input, init) => {
      const headers = new Headers(init.headers);
      headers.set('CF-Connecting-IP', someAddress()['CF-Connecting-IP'] as string);
      return app.request(input, { ...init, headers }, env);
    },
  });
}
