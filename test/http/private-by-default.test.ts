import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { bearer, register, someAddress } from '../support/play.js';

const AT = '2026-11-20T12:00:00Z';

describe('responses that no route marks cacheable', () => {
  it("keeps a player's own profile out of every shared cache", async () => {
    const { token } = await register(AT, 'Ada');
    const res = await appAt(AT)('/v1/players/me', { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('keeps a new player and its token out of every shared cache', async () => {
    const res = await appAt(AT)('/v1/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...someAddress() },
      body: '{}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('marks an error private too', async () => {
    const res = await appAt(AT)('/v1/players/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('leaves what a route marks public as it is', async () => {
    const res = await appAt(AT)('/v1/kinds');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
  });
});
