/**
 * The Worker with the committed configuration alone, as a `wrangler deploy` that skipped setting the
 * secrets would run it: the Worker must refuse to serve rather than fall back to the development secrets
 * published in the source.
 */

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { type LocalWorker, startWorker } from './worker.js';

describe('the Worker from the committed configuration, without secrets', () => {
  let worker: LocalWorker;

  beforeAll(async () => {
    worker = await startWorker({ development: false });
  });

  afterAll(async () => {
    await worker?.stop();
  });

  test('answers 503 misconfigured, even to the development admin token', async () => {
    const requests: [string, RequestInit?][] = [
      ['/v1/health'],
      ['/v1/puzzles/today'],
      ['/v1/players', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['/v1/admin/generation-runs', { headers: { authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` } }],
    ];
    for (const [path, init] of requests) {
      const res = await fetch(`${worker.url}${path}`, init);
      expect(res.status, path).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'misconfigured' } });
    }
  });
});
