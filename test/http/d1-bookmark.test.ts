import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { NewPlayerSchema, PlayerProfileSchema } from '../../src/contract/player.js';
import { sessionStart } from '../../src/http/d1-session.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, someAddress } from '../support/play.js';

const AT = '2026-11-29T12:00:00Z';
const request = appAt(AT);
/** The shape local D1 (workerd) gives its bookmarks. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

function registering(headers: Record<string, string> = {}) {
  return request('/v1/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...someAddress(), ...headers },
    body: JSON.stringify({ displayName: 'Bookmarked' }),
  });
}

function bookmarkOf(res: Response): string {
  const bookmark = res.headers.get('x-d1-bookmark');
  if (bookmark === null) throw new Error(`no bookmark on a ${res.status}`);
  return bookmark;
}

async function playerCount(): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from players').first<{ n: number }>();
  return row?.n ?? 0;
}

describe('the D1 bookmark of a request', () => {
  it("gives a response that reached the database its session's bookmark", async () => {
    const res = await registering();
    expect(res.status).toBe(201);
    expect(bookmarkOf(res)).toMatch(BOOKMARK);
  });

  it('lets a player that just registered read itself back with the bookmark it was given', async () => {
    const made = await registering();
    const { token } = await bodyOf(made, NewPlayerSchema);
    const me = await request('/v1/players/me', {
      headers: { ...bearer(token), 'x-d1-bookmark': bookmarkOf(made) },
    });
    expect(me.status).toBe(200);
    expect((await bodyOf(me, PlayerProfileSchema)).displayName).toBe('Bookmarked');
    expect(bookmarkOf(me) >= bookmarkOf(made)).toBe(true);
  });

  it('answers a write with a bookmark past the one it was sent', async () => {
    const read = await request(`/v1/players/${crypto.randomUUID()}`);
    const write = await registering({ 'x-d1-bookmark': bookmarkOf(read) });
    expect(write.status).toBe(201);
    expect(bookmarkOf(write) > bookmarkOf(read)).toBe(true);
  });

  it('carries the bookmark on an error the database answered', async () => {
    const res = await request(`/v1/players/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect(bookmarkOf(res)).toMatch(BOOKMARK);
  });

  it('refuses a malformed bookmark as invalid_bookmark', async () => {
    const good = bookmarkOf(await registering());
    const upperCase = `${good.slice(0, -1)}F`;
    const tooLong = good.padEnd(27 + 65, '0');
    for (const bad of ['nope', upperCase, tooLong, `${good}-0`, good.slice(9), 'first-primary']) {
      const res = await request('/v1/puzzles/today', { headers: { 'x-d1-bookmark': bad } });
      expect(res.status, bad).toBe(400);
      expect((await errorOf(res)).error.code, bad).toBe('invalid_bookmark');
      expect(res.headers.get('x-d1-bookmark'), bad).toBeNull();
    }
  });

  it('changes nothing when a write carries a malformed bookmark', async () => {
    const before = await playerCount();
    const res = await registering({ 'x-d1-bookmark': 'first-primary' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_bookmark');
    expect(await playerCount()).toBe(before);
  });

  it('starts a read at the bookmark sent, else on any replica, and a write on the primary', () => {
    const bookmark = `00000000-00000013-00000000-${'0'.repeat(32)}`;
    expect(sessionStart('GET', undefined)).toBe('first-unconstrained');
    expect(sessionStart('HEAD', bookmark)).toBe(bookmark);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(sessionStart(method, undefined), method).toBe('first-primary');
      expect(sessionStart(method, bookmark), method).toBe('first-primary');
    }
  });
});

describe('the D1 bookmark across origins', () => {
  const cors = appAt(AT, { ...env, CORS_ORIGINS: 'https://puzzles.example' });
  const origin = { Origin: 'https://puzzles.example' };

  it('is a header an allowed origin may send', async () => {
    const res = await cors('/v1/players/me', {
      method: 'OPTIONS',
      headers: {
        ...origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization, x-d1-bookmark',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-d1-bookmark');
  });

  it('is a header an allowed origin may read', async () => {
    const res = await cors(`/v1/players/${crypto.randomUUID()}`, { headers: origin });
    expect(res.headers.get('Access-Control-Expose-Headers')?.toLowerCase()).toContain('x-d1-bookmark');
  });
});
