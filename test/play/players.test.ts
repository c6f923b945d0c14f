import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { errorOf } from '../support/json.js';
import { bearer, register } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const api = appAt(at);

describe('players', () => {
  it('registers an anonymous player with a token that identifies it', async () => {
    const { player, token } = await register(at);
    expect(player.displayName).toBeNull();
    const me = await api('/v1/players/me', { headers: bearer(token) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: player.id,
      displayName: null,
      streak: { current: 0, best: 0 },
    });
  });

  it('registers without any body at all', async () => {
    const res = await api('/v1/players', { method: 'POST' });
    expect(res.status).toBe(201);
  });

  it('trims and keeps a valid display name, letters of any script included', async () => {
    const { player } = await register(at, '  Zoë 名人  ');
    expect(player.displayName).toBe('Zoë 名人');
  });

  it.each([
    ['too short', 'a'],
    ['too long', 'x'.repeat(33)],
    ['control characters', 'bad\u0000name'],
    ['markup', '<script>'],
    ['invisible characters', 'ab\u200bcd'],
  ])('refuses a display name with %s', async (_why, displayName) => {
    const res = await api('/v1/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName }),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_request');
  });

  it('renames and clears the display name', async () => {
    const { token } = await register(at, 'Before');
    const renamed = await api('/v1/players/me', {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'After' }),
    });
    expect(await renamed.json()).toMatchObject({ displayName: 'After' });
    const cleared = await api('/v1/players/me', {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: null }),
    });
    expect(await cleared.json()).toMatchObject({ displayName: null });
  });

  it('refuses a missing token with 401', async () => {
    const res = await api('/v1/players/me');
    expect(res.status).toBe(401);
  });

  it('refuses a forged token with 401', async () => {
    const { player, token } = await register(at);
    const signature = token.slice(token.indexOf('.') + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      `${player.id}.${flipped}`,
      `${crypto.randomUUID()}.${signature}`,
      'garbage',
      `${player.id}.`,
    ]) {
      const res = await api('/v1/players/me', { headers: bearer(forged) });
      expect(res.status).toBe(401);
    }
  });
});
