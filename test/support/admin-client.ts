import { type AdminClient, createAdminClient } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { appFetch } from './client.js';

/** The admin client with the development admin token, answered by the real app with the clock at `iso`. */
export function adminAt(iso: string): AdminClient {
  return createAdminClient('https://puzzles.test', { token: DEV_SECRETS.ADMIN_TOKEN, fetch: appFetch(iso) });
}
