import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { type AuditPage, AuditPageSchema } from '../../src/contract/admin.js';
import {
  type CreatedModerator,
  CreatedModeratorSchema,
  ModeratorSchema,
  ModeratorsSchema,
} from '../../src/contract/moderators.js';
import { requestAs } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { register } from '../support/play.js';

const at = '2026-11-29T15:00:00Z';
const OWNER_TOKEN = DEV_SECRETS.ADMIN_TOKEN;

const as = (token: string, method: string, path: string, body?: unknown) =>
  requestAs(at, token, method, path, body);

async function make(
  name: string,
  role: 'moderator' | 'owner',
  by: string = OWNER_TOKEN,
): Promise<CreatedModerator> {
  const res = await as(by, 'POST', '/v1/admin/moderators', { name, role });
  expect(res.status, await res.clone().text()).toBe(201);
  return bodyOf(res, CreatedModeratorSchema);
}

async function newestAudit(): Promise<AuditPage['actions'][number]> {
  const res = await as(OWNER_TOKEN, 'GET', '/v1/admin/audit?limit=1');
  const page = await bodyOf(res, AuditPageSchema);
  const newest = page.actions[0];
  if (!newest) throw new Error('the audit log is empty');
  return newest;
}

describe('named moderators', () => {
  it('gives an owner a named moderator whose token signs in as that moderator', async () => {
    const grace = await make('Grace', 'moderator');
    expect(grace).toMatchObject({ name: 'Grace', role: 'moderator', createdBy: 'owner', revokedAt: null });
    const me = await as(grace.token, 'GET', '/v1/admin/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ id: grace.id, name: 'Grace', role: 'moderator' });
  });

  it('keeps only a hash of the token, never the token itself', async () => {
    const made = await make('Hedy', 'moderator');
    const row = await env.DB.prepare('select * from moderators where id = ?').bind(made.id).first();
    expect(Object.values(row ?? {})).not.toContain(made.token);
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4));
  });

  it('lists the moderators to an owner without their tokens or hashes', async () => {
    const made = await make('Ida', 'owner');
    const res = await as(OWNER_TOKEN, 'GET', '/v1/admin/moderators');
    expect(res.status).toBe(200);
    const { moderators } = await bodyOf(res, ModeratorsSchema);
    const listed = moderators.find((m) => m.id === made.id);
    expect(listed).toMatchObject({ name: 'Ida', role: 'owner', revokedAt: null });
    expect(Object.keys(listed ?? {})).not.toContain('token');
    expect(Object.keys(listed ?? {})).not.toContain('tokenHash');
  });

  it('answers the ADMIN_TOKEN as the first owner', async () => {
    const res = await as(OWNER_TOKEN, 'GET', '/v1/admin/me');
    expect(await res.json()).toEqual({ id: 'owner', name: 'Owner (ADMIN_TOKEN)', role: 'owner' });
  });

  it('lets a named owner make moderators of its own', async () => {
    const owner = await make('Joan', 'owner');
    const made = await make('Kay', 'moderator', owner.token);
    expect(made.createdBy).toBe(owner.id);
  });

  it('refuses a moderator token making a moderator with 403 forbidden', async () => {
    const mod = await make('Lise', 'moderator');
    const res = await as(mod.token, 'POST', '/v1/admin/moderators', { name: 'Mallory', role: 'owner' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('forbidden');
    const count = await env.DB.prepare("select count(*) as n from moderators where name = 'Mallory'").first<{
      n: number;
    }>();
    expect(count?.n).toBe(0);
  });

  it('refuses a moderator every owner-only route with 403', async () => {
    const mod = await make('Mary', 'moderator');
    for (const [method, path, body] of [
      ['GET', '/v1/admin/moderators', undefined],
      ['DELETE', `/v1/admin/moderators/${mod.id}`, undefined],
      ['POST', '/v1/admin/calibrate', undefined],
      ['POST', '/v1/admin/dates/2026-11-29/generate', undefined],
      ['PUT', '/v1/admin/clock', { now: '2026-12-01T00:00:00Z' }],
      ['GET', '/v1/admin/clock', undefined],
    ] as const) {
      expect((await as(mod.token, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it("lets a moderator use the moderators' routes", async () => {
    const mod = await make('Nora', 'moderator');
    expect((await as(mod.token, 'GET', '/v1/admin/flags')).status).toBe(200);
    expect((await as(mod.token, 'GET', '/v1/admin/audit')).status).toBe(200);
  });

  it('refuses a revoked token with 401 from the moment it is revoked', async () => {
    const mod = await make('Olga', 'moderator');
    expect((await as(mod.token, 'GET', '/v1/admin/flags')).status).toBe(200);
    const res = await as(OWNER_TOKEN, 'DELETE', `/v1/admin/moderators/${mod.id}`, {
      reason: 'Left the team',
    });
    expect(res.status).toBe(200);
    expect((await bodyOf(res, ModeratorSchema)).revokedAt).toBe(new Date(at).toISOString());
    expect((await as(mod.token, 'GET', '/v1/admin/flags')).status).toBe(401);
  });

  it('refuses revoking a moderator twice, or one that does not exist, with 404', async () => {
    const mod = await make('Petra', 'moderator');
    expect((await as(OWNER_TOKEN, 'DELETE', `/v1/admin/moderators/${mod.id}`)).status).toBe(200);
    expect((await as(OWNER_TOKEN, 'DELETE', `/v1/admin/moderators/${mod.id}`)).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await as(OWNER_TOKEN, 'DELETE', `/v1/admin/moderators/${unknown}`)).status).toBe(404);
  });

  it('refuses a token that only looks like a moderator token with 401', async () => {
    const res = await as(`dpm_${'A'.repeat(43)}`, 'GET', '/v1/admin/flags');
    expect(res.status).toBe(401);
  });

  it('refuses a name or role that does not parse with 400', async () => {
    for (const body of [
      { name: '', role: 'moderator' },
      { name: 'Quinn', role: 'admin' },
      { name: 'Quinn\u0000', role: 'moderator' },
      { name: 'x'.repeat(61), role: 'moderator' },
      { name: 'Quinn', role: 'moderator', extra: 1 },
    ]) {
      expect((await as(OWNER_TOKEN, 'POST', '/v1/admin/moderators', body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
  });

  it('audits making and revoking a moderator with who did it', async () => {
    const owner = await make('Rosa', 'owner');
    const mod = await make('Sofia', 'moderator', owner.token);
    expect(await newestAudit()).toMatchObject({
      action: 'add_moderator',
      target: mod.id,
      moderator: { id: owner.id, name: 'Rosa' },
    });
    await as(owner.token, 'DELETE', `/v1/admin/moderators/${mod.id}`, { reason: 'Left the team' });
    expect(await newestAudit()).toMatchObject({
      action: 'revoke_moderator',
      target: mod.id,
      reason: 'Left the team',
      moderator: { id: owner.id, name: 'Rosa' },
    });
  });

  it('records the moderator and the reason of a moderation action in the audit log', async () => {
    const mod = await make('Tove', 'moderator');
    const { player } = await register(at);
    const res = await as(mod.token, 'POST', `/v1/admin/players/${player.id}/clear`, {
      reason: 'Known speed solver',
    });
    expect(res.status).toBe(200);
    expect(await newestAudit()).toMatchObject({
      action: 'clear',
      target: player.id,
      reason: 'Known speed solver',
      moderator: { id: mod.id, name: 'Tove' },
    });
  });

  it('keeps the name a moderator acted under in the log after it is revoked', async () => {
    const mod = await make('Una', 'moderator');
    const { player } = await register(at);
    await as(mod.token, 'POST', `/v1/admin/players/${player.id}/ban`, { reason: 'A script, by its log' });
    await as(OWNER_TOKEN, 'DELETE', `/v1/admin/moderators/${mod.id}`);
    const res = await as(OWNER_TOKEN, 'GET', '/v1/admin/audit?limit=5');
    const { actions } = await bodyOf(res, AuditPageSchema);
    expect(actions.find((a) => a.action === 'ban' && a.target === player.id)?.moderator).toEqual({
      id: mod.id,
      name: 'Una',
    });
  });

  it('refuses an approval without a reason with 400', async () => {
    const res = await as(OWNER_TOKEN, 'POST', '/v1/admin/submissions/1/approve', {});
    expect(res.status).toBe(400);
  });

  it('refuses a player token on the moderators routes with 401', async () => {
    const { token } = await register(at);
    expect((await as(token, 'GET', '/v1/admin/me')).status).toBe(401);
    expect((await as(token, 'POST', '/v1/admin/moderators', { name: 'Vera', role: 'owner' })).status).toBe(
      401,
    );
  });
});
