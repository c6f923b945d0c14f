import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { ApiError, createAdminClient } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { WebhookSchema } from '../../src/contract/webhooks.js';
import { adminAt } from '../support/admin-client.js';
import { appAt } from '../support/app.js';
import { appFetch } from '../support/client.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, register } from '../support/play.js';
import { DEPLOYED_VAPID } from '../support/vapid.js';

const at = '2026-12-02T09:00:00Z';
const admin = adminAt(at);
const url = 'https://hooks.example.com/puzzles';

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return appAt(at)(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function asOwner(body: unknown) {
  return post('/v1/admin/webhooks', body, bearer(DEV_SECRETS.ADMIN_TOKEN));
}

/** A strong random secret, as a deployment would set it. */
function secret(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
}

const adminToken = secret();
/** The app as a deployment runs it (ENVIRONMENT=production), with its own admin token. */
const deployed = (path: string, init: RequestInit) =>
  createApp({ now: () => new Date(at) }).request(path, init, {
    ...env,
    ENVIRONMENT: 'production',
    PUZZLE_SALT: secret(),
    TOKEN_SECRET: secret(),
    ADMIN_TOKEN: adminToken,
    ...DEPLOYED_VAPID,
  });

function createDeployed(target: string) {
  return deployed('/v1/admin/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(adminToken) },
    body: JSON.stringify({ url: target, events: ['solve.ranked'] }),
  });
}

describe('webhook endpoints', () => {
  it('shows the signing secret once, when the endpoint is made', async () => {
    const made = await admin.createWebhook({ url, events: ['solve.ranked', 'streak.broken'] });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = (await admin.webhooks()).webhooks.find((w) => w.id === made.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(await admin.webhooks())).not.toContain(made.secret);
    expect(JSON.stringify(await admin.webhook(made.id))).not.toContain(made.secret);
  });

  it('lists an endpoint with its events, enabled', async () => {
    const made = await admin.createWebhook({ url, events: ['puzzles.generated'] });
    expect(await admin.webhook(made.id)).toEqual({
      id: made.id,
      url,
      events: ['puzzles.generated'],
      createdAt: new Date(at).toISOString(),
      disabled: false,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    });
  });

  it('audits making and deleting an endpoint', async () => {
    const made = await admin.createWebhook({ url, events: ['solve.held'] });
    await admin.deleteWebhook(made.id);
    const actions = (await admin.audit({ limit: 5 })).actions.filter((a) => a.target === made.id);
    expect(actions.map((a) => a.action)).toEqual(['delete_webhook', 'add_webhook']);
  });

  it('answers 404 for an endpoint deleted', async () => {
    const made = await admin.createWebhook({ url, events: ['solve.held'] });
    await admin.deleteWebhook(made.id);
    const refused = await admin.webhook(made.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
  });

  it('refuses a caller without an admin token, or with a player token, with 401', async () => {
    const { token } = await register(at);
    for (const headers of [{}, bearer(token)]) {
      const res = await post('/v1/admin/webhooks', { url, events: ['solve.ranked'] }, headers);
      expect(res.status).toBe(401);
      const list = await appAt(at)('/v1/admin/webhooks', { headers });
      expect(list.status).toBe(401);
    }
  });

  it("refuses a moderator's token to make an endpoint with 403, and lets it list them", async () => {
    const { token } = await admin.createModerator({ name: 'Ada', role: 'moderator' });
    const moderator = createAdminClient('https://puzzles.test', { token, fetch: appFetch(at) });
    const refused = await moderator.createWebhook({ url, events: ['solve.ranked'] }).catch((e: unknown) => e);
    expect((refused as ApiError).status).toBe(403);
    expect(Array.isArray((await moderator.webhooks()).webhooks)).toBe(true);
  });

  for (const target of [
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://192.168.0.10/hook',
    'http://hooks.example.com/hook',
    'https://printer.local/hook',
  ]) {
    it(`refuses ${target} with 400 webhook_url_not_allowed`, async () => {
      const res = await asOwner({ url: target, events: ['solve.ranked'] });
      expect(res.status).toBe(400);
      const body = await errorOf(res);
      expect(body.error.code).toBe('webhook_url_not_allowed');
      expect(body.error.message).toMatch(/^url: /);
    });
  }

  for (const target of ['http://127.0.0.1:8788/hook', 'http://localhost:8788/hook']) {
    it(`allows ${target} in development`, async () => {
      const res = await asOwner({ url: target, events: ['solve.ranked'] });
      expect(res.status).toBe(201);
      expect((await bodyOf(res, WebhookSchema)).url).toBe(target);
    });
  }

  for (const target of [
    'http://127.0.0.1:8788/hook',
    'https://127.0.0.1/hook',
    'http://localhost:8788/hook',
    'https://localhost/hook',
    'https://0x7f.1/hook',
    'http://hooks.example.com/hook',
  ]) {
    it(`refuses ${target} in a deployment with 400 webhook_url_not_allowed`, async () => {
      const res = await createDeployed(target);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).error.code).toBe('webhook_url_not_allowed');
    });
  }

  it('allows a public https URL in a deployment', async () => {
    expect((await createDeployed(url)).status).toBe(201);
  });

  it('refuses a URL that is not absolute or carries a user name and password, with 400 naming the field', async () => {
    for (const [target, said] of [
      ['hooks/puzzles', /url: must be an absolute URL/],
      ['https://site:hunter2@hooks.example.com/puzzles', /url: must not carry a user name or password/],
    ] as const) {
      const res = await asOwner({ url: target, events: ['solve.ranked'] });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).error.message).toMatch(said);
    }
  });

  it('refuses an unknown event, none, or one twice with 400 naming the field', async () => {
    for (const events of [['solve.teleported'], [], ['solve.ranked', 'solve.ranked']]) {
      const res = await asOwner({ url, events });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).error.message).toMatch(/events/);
    }
  });

  it('re-enables a disabled endpoint, audited', async () => {
    const made = await admin.createWebhook({ url, events: ['solve.ranked'] });
    await env.DB.prepare("update webhook_endpoints set disabled_at = ?, reason = 'down' where id = ?")
      .bind(at, made.id)
      .run();
    expect((await admin.webhook(made.id)).disabled).toBe(true);
    const enabled = await admin.enableWebhook(made.id);
    expect(enabled).toMatchObject({ disabled: false, disabledReason: null });
    const [latest] = (await admin.audit({ limit: 1 })).actions;
    expect(latest).toMatchObject({ action: 'enable_webhook', target: made.id });
  });

  it('refuses to send a test event to a disabled endpoint with 409 webhook_disabled', async () => {
    const made = await admin.createWebhook({ url, events: ['solve.ranked'] });
    await env.DB.prepare("update webhook_endpoints set disabled_at = ?, reason = 'down' where id = ?")
      .bind(at, made.id)
      .run();
    const refused = await admin.testWebhook(made.id).catch((e: unknown) => e);
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).code).toBe('webhook_disabled');
  });
});
