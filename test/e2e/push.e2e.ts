/**
 * Streak reminders end to end: the Worker sends them over HTTPS to a local push service (its
 * certificate trusted through NODE_EXTRA_CA_CERTS, as a real one is through the system's), which checks
 * each push as a browser's push service would: the VAPID JWT against the key the browser subscribed with,
 * and the body decrypted with the browser's own private key. 404 and 410 drop the subscription.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import type { PlayerTokens } from '../../src/contract/devices.js';
import type { PushSubscriptionJson, ReminderPayload } from '../../src/contract/push.js';
import {
  createPushService,
  type PushServer,
  type PushService,
  type Received,
  selfSignedTls,
  startPushServer,
} from '../support/push-service.js';
import { type LocalWorker, startWorker } from './worker.js';

/** The service's clock during the test (the development test clock): 12:00 UTC, the hour subscribed at. */
const NOW = '2026-12-02T12:00:00Z';

describe('streak reminders through a local push service over HTTPS', () => {
  let worker: LocalWorker;
  let service: PushService;
  let server: PushServer;
  let tlsDir = '';

  /** Calls the push service's own routes in-process, at the origin its endpoints carry. */
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
    return (await (await service.handle(new Request(`${server.origin}${path}`, init))).json()) as T;
  };

  const api = async (path: string, init: RequestInit = {}, token?: string) =>
    fetch(`${worker.url}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  /** A player whose browser (at the push service) subscribed for 12:00 UTC, answering `status` to pushes. */
  async function subscriber(publicKey: string, status: number) {
    const { token } = (await (await api('/v1/players', { method: 'POST', body: '{}' })).json()) as {
      token: string;
    };
    const browser = await control<{ id: string; subscription: PushSubscriptionJson }>('/subscribe', {
      applicationServerKey: publicKey,
    });
    if (status !== 201) await control(`/answer/${browser.id}`, { status });
    const res = await api(
      '/v1/players/me/push',
      { method: 'PUT', body: JSON.stringify({ subscription: browser.subscription, hour: 12 }) },
      token,
    );
    expect(res.status).toBe(200);
    return { token, id: browser.id };
  }

  beforeAll(async () => {
    const tls = selfSignedTls();
    tlsDir = tls.dir;
    service = createPushService();
    server = await startPushServer(service, tls);
    worker = await startWorker({ env: { NODE_EXTRA_CA_CERTS: tls.certFile } });
    const clock = await api('/v1/admin/clock', {
      method: 'PUT',
      headers: { authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` },
      body: JSON.stringify({ now: NOW }),
    });
    expect(clock.status).toBe(200);
  });

  afterAll(async () => {
    await worker?.stop();
    await server?.stop();
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
  });

  test('delivers one reminder the browser decrypts, signed with the served key, and drops the 404 and 410 ones', async () => {
    const { publicKey } = (await (await api('/v1/push/key')).json()) as { publicKey: string };
    const delivered = await subscriber(publicKey, 201);
    const notFound = await subscriber(publicKey, 404);
    const gone = await subscriber(publicKey, 410);

    expect(await worker.scheduled('*/5 * * * *')).toBe('ok');

    const got = await control<Received>(`/received/${delivered.id}`);
    expect(got.refused).toEqual([]);
    expect(got.accepted).toHaveLength(1);
    const [push] = got.accepted;
    expect(JSON.parse(push?.text ?? '') as ReminderPayload).toMatchObject({ date: '2026-12-02', url: '/' });
    expect(push?.claims.aud).toBe(server.origin);
    expect(push?.topic).toBe('streak-reminder');

    for (const [player, status] of [
      [notFound, 404],
      [gone, 410],
    ] as const) {
      expect((await control<Received>(`/received/${player.id}`)).refused.map((r) => r.status)).toEqual([
        status,
      ]);
      const tokens = (await (await api('/v1/players/me/tokens', {}, player.token)).json()) as PlayerTokens;
      expect(tokens.tokens[0]?.push, String(status)).toBeNull();
    }

    // A second run the same hour sends nothing more: one reminder a day.
    await worker.scheduled('*/5 * * * *');
    expect((await control<Received>(`/received/${delivered.id}`)).accepted).toHaveLength(1);
  });
});
