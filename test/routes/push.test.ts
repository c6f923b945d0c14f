import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_VAPID } from '../../src/config.js';
import { type PlayerTokens, PlayerTokensSchema } from '../../src/contract/devices.js';
import { type PushSubscriptionJson, PushSubscriptionSchema } from '../../src/contract/push.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, register } from '../support/play.js';
import { newBrowser } from '../support/push.js';

const at = '2026-12-02T09:00:00Z';
const api = appAt(at);

function put(token: string, body: unknown) {
  return api('/v1/players/me/push', {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function remove(token: string, endpoint: string) {
  return api(`/v1/players/me/push?endpoint=${encodeURIComponent(endpoint)}`, {
    method: 'DELETE',
    headers: bearer(token),
  });
}

async function devices(token: string): Promise<PlayerTokens['tokens']> {
  const res = await api('/v1/players/me/tokens', { headers: bearer(token) });
  return (await bodyOf(res, PlayerTokensSchema)).tokens;
}

async function stored(): Promise<number> {
  return (
    (await env.DB.prepare('select count(*) as n from push_subscriptions').first<{ n: number }>())?.n ?? 0
  );
}

/** 65 bytes of an uncompressed point (0x04 then 64 bytes), or `length` bytes, as base64url. */
function keyOf(length: number, first = 4): string {
  const bytes = new Uint8Array(length).map((_, i) => (i * 37 + 11) & 0xff);
  bytes[0] = first;
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** PUT with one thing changed from a real browser's subscription: 400, saying `message`, and nothing kept. */
async function refused(change: (s: PushSubscriptionJson) => unknown, message: RegExp, hour: unknown = 19) {
  const { token } = await register(at);
  const { subscription } = await newBrowser();
  const before = await stored();
  const res = await put(token, { subscription: change(structuredClone(subscription)), hour });
  expect(res.status).toBe(400);
  const body = await errorOf(res);
  expect(body.error.code).toBe('invalid_request');
  expect(body.error.message).toMatch(message);
  expect(await stored()).toBe(before);
}

describe('GET /v1/push/key', () => {
  it('serves the VAPID public key browsers subscribe with, cacheable for an hour', async () => {
    const res = await api('/v1/push/key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: DEV_VAPID.publicKey });
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('PUT /v1/players/me/push', () => {
  it("keeps a browser's subscription at the hour of the player's calendar and lists it with its device", async () => {
    const { token } = await register(at);
    await api('/v1/players/me', {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: 'Europe/Paris' }),
    });
    const { subscription } = await newBrowser();
    const res = await put(token, { subscription, hour: 19 });
    expect(res.status).toBe(200);
    const kept = await bodyOf(res, PushSubscriptionSchema);
    // 19:00 in Paris in December is 18:00 UTC.
    expect(kept).toMatchObject({
      endpoint: subscription.endpoint,
      hour: 19,
      timeZone: 'Europe/Paris',
      nextReminderAt: '2026-12-02T18:00:00.000Z',
    });
    const [device] = await devices(token);
    expect(device?.current).toBe(true);
    expect(device?.push).toEqual(kept);
  });

  it('takes the hour from 0 to 23 and refuses -1 and 24', async () => {
    const { token } = await register(at);
    for (const hour of [0, 23]) {
      const { subscription } = await newBrowser();
      expect((await put(token, { subscription, hour })).status, String(hour)).toBe(200);
    }
    await refused((s) => s, /hour: Too small/i, -1);
    await refused((s) => s, /hour: Too big/i, 24);
    await refused((s) => s, /hour/, 19.5);
  });

  it('refuses an endpoint that is not https, saying so', async () => {
    await refused(
      (s) => ({ ...s, endpoint: s.endpoint.replace('https:', 'http:') }),
      /endpoint: must be https/,
    );
    await refused((s) => ({ ...s, endpoint: 'not a url' }), /endpoint: must be an absolute URL/);
  });

  it('refuses a p256dh of 64 or 66 bytes and takes 65', async () => {
    await refused(
      (s) => ({ ...s, keys: { ...s.keys, p256dh: keyOf(64) } }),
      /p256dh: must decode to 65 bytes.*not 64/,
    );
    await refused(
      (s) => ({ ...s, keys: { ...s.keys, p256dh: keyOf(66) } }),
      /p256dh: must decode to 65 bytes.*not 66/,
    );
  });

  it('refuses a 65-byte p256dh that is not an uncompressed point, or is off the curve', async () => {
    await refused(
      (s) => ({ ...s, keys: { ...s.keys, p256dh: keyOf(65, 3) } }),
      /p256dh: must be an uncompressed P-256 public key/,
    );
    await refused(
      (s) => ({ ...s, keys: { ...s.keys, p256dh: keyOf(65) } }),
      /p256dh: is not a point of the P-256 curve/,
    );
  });

  it('refuses an auth secret of 15 or 17 bytes (16 is a real browser’s, taken above)', async () => {
    await refused(
      (s) => ({ ...s, keys: { ...s.keys, auth: keyOf(15) } }),
      /auth: must decode to 16 bytes.*not 15/,
    );
    await refused(
      (s) => ({ ...s, keys: { ...s.keys, auth: keyOf(17) } }),
      /auth: must decode to 16 bytes.*not 17/,
    );
  });

  it('refuses keys in padded or plain base64 and a missing key', async () => {
    await refused(
      (s) => ({ ...s, keys: { ...s.keys, auth: `${s.keys.auth}==` } }),
      /auth: must be unpadded base64url/,
    );
    await refused(
      (s) => ({
        ...s,
        keys: { ...s.keys, p256dh: s.keys.p256dh.replace(/-/g, '+').replace(/_/g, '/') + '+/' },
      }),
      /p256dh: must be unpadded base64url/,
    );
    await refused((s) => ({ ...s, keys: { p256dh: s.keys.p256dh } }), /keys\.auth/);
  });

  it('refuses a field a PushSubscription does not have', async () => {
    await refused((s) => ({ ...s, options: {} }), /subscription/);
  });

  it('keeps one subscription per device: another endpoint from the same device replaces it', async () => {
    const { token } = await register(at);
    const first = await newBrowser();
    const second = await newBrowser();
    expect((await put(token, { subscription: first.subscription, hour: 8 })).status).toBe(200);
    expect((await put(token, { subscription: second.subscription, hour: 9 })).status).toBe(200);
    const listed = await devices(token);
    expect(listed.map((d) => d.push?.endpoint)).toEqual([second.subscription.endpoint]);
    const rows = await env.DB.prepare('select count(*) as n from push_subscriptions where endpoint = ?')
      .bind(first.subscription.endpoint)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('holds one per device for a player on two devices, each listed with its own', async () => {
    const { token } = await register(at);
    const code = await clientAt(at, { token }).createLinkCode();
    const linked = await clientAt(at).link(code.code);
    const phone = await newBrowser();
    const laptop = await newBrowser();
    await put(token, { subscription: phone.subscription, hour: 7 });
    await put(linked.token, { subscription: laptop.subscription, hour: 21 });
    const listed = await devices(token);
    expect(listed.map((d) => [d.current, d.push?.endpoint, d.push?.hour])).toEqual([
      [true, phone.subscription.endpoint, 7],
      [false, laptop.subscription.endpoint, 21],
    ]);
  });

  it('moves an endpoint another player held to the player that subscribes it now', async () => {
    const before = await register(at);
    const now = await register(at);
    const browser = await newBrowser();
    await put(before.token, { subscription: browser.subscription, hour: 7 });
    await put(now.token, { subscription: browser.subscription, hour: 8 });
    expect((await devices(before.token))[0]?.push).toBeNull();
    expect((await devices(now.token))[0]?.push?.hour).toBe(8);
  });

  it('answers 401 without a token', async () => {
    const { subscription } = await newBrowser();
    const res = await api('/v1/players/me/push', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription, hour: 7 }),
    });
    expect(res.status).toBe(401);
  });
});

describe('PUT /v1/players/me/push at a push service the server does not send to', () => {
  const only = (hosts: string) => appAt(at, { ...env, PUSH_SERVICE_HOSTS: hosts });

  it('is refused with 400 push_service_not_allowed and nothing kept', async () => {
    const { token } = await register(at);
    const { subscription } = await newBrowser();
    const before = await stored();
    const res = await only('fcm.googleapis.com')('/v1/players/me/push', {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ subscription, hour: 19 }),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('push_service_not_allowed');
    expect(await stored()).toBe(before);
  });

  it('is kept once its host is on PUSH_SERVICE_HOSTS', async () => {
    const { token } = await register(at);
    const { subscription } = await newBrowser();
    const res = await only('fcm.googleapis.com, push.test')('/v1/players/me/push', {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ subscription, hour: 19 }),
    });
    expect(res.status).toBe(200);
  });
});

describe('DELETE /v1/players/me/push', () => {
  it('removes the subscription named by its endpoint, and answers 404 the second time', async () => {
    const { token } = await register(at);
    const { subscription } = await newBrowser();
    await put(token, { subscription, hour: 7 });
    expect((await remove(token, subscription.endpoint)).status).toBe(204);
    expect((await devices(token))[0]?.push).toBeNull();
    const again = await remove(token, subscription.endpoint);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).error.code).toBe('not_found');
  });

  it("answers 404 for another player's endpoint and leaves it", async () => {
    const owner = await register(at);
    const other = await register(at);
    const { subscription } = await newBrowser();
    await put(owner.token, { subscription, hour: 7 });
    expect((await remove(other.token, subscription.endpoint)).status).toBe(404);
    expect((await devices(owner.token))[0]?.push?.endpoint).toBe(subscription.endpoint);
  });

  it('refuses an endpoint that is not an https URL with 400', async () => {
    const { token } = await register(at);
    const res = await remove(token, 'http://push.test/push/x');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.message).toMatch(/endpoint: must be https/);
  });
});

describe('a device signed out', () => {
  it('loses its subscription with its token', async () => {
    const { token } = await register(at);
    const { subscription } = await newBrowser();
    await put(token, { subscription, hour: 7 });
    const [device] = await devices(token);
    expect(
      (await api(`/v1/players/me/tokens/${device?.id}`, { method: 'DELETE', headers: bearer(token) })).status,
    ).toBe(204);
    const row = await env.DB.prepare('select count(*) as n from push_subscriptions where endpoint = ?')
      .bind(subscription.endpoint)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe('data rights', () => {
  it("the export lists the player's subscriptions", async () => {
    const { token } = await register(at);
    const { subscription } = await newBrowser();
    await put(token, { subscription, hour: 7 });
    const data = await clientAt(at, { token }).exportMe();
    expect(data.pushSubscriptions).toEqual([
      expect.objectContaining({ endpoint: subscription.endpoint, hour: 7, p256dh: subscription.keys.p256dh }),
    ]);
  });

  it('deleting the player removes its subscriptions', async () => {
    const { token, player } = await register(at);
    const { subscription } = await newBrowser();
    await put(token, { subscription, hour: 7 });
    expect((await api('/v1/players/me', { method: 'DELETE', headers: bearer(token) })).status).toBe(204);
    const row = await env.DB.prepare(
      'select count(*) as n from push_subscriptions where player_id = ? or endpoint = ?',
    )
      .bind(player.id, subscription.endpoint)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});
