import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createClient } from '../../src/client/index.js';

const app = createApp({ now: () => new Date('2026-11-29T12:00:00Z') });
type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** A client over the real app that records the bookmark each request sent; `through` may stand in between. */
function recorded(through: (real: Fetch) => Fetch = (real) => real) {
  const sent: (string | null)[] = [];
  const real: Fetch = async (input, init) => app.request(input, init, env);
  const inner = through(real);
  let token: string | null = null;
  const api = createClient('https://puzzles.example', {
    token: () => token,
    fetch: (input, init) => {
      sent.push(new Headers(init.headers).get('x-d1-bookmark'));
      return inner(input, init);
    },
  });
  return { api, sent, signIn: (t: string) => (token = t) };
}

describe("the client's D1 bookmark", () => {
  it('sends back the bookmark of its last response, so a player reads its own registration', async () => {
    const received: (string | null)[] = [];
    const { api, sent, signIn } = recorded((real) => async (input, init) => {
      const res = await real(input, init);
      received.push(res.headers.get('x-d1-bookmark'));
      return res;
    });
    signIn((await api.register({ displayName: 'Marked' })).token);
    expect((await api.me()).displayName).toBe('Marked');
    expect(sent[0]).toBeNull();
    expect(sent[1]).toBe(received[0]);
    expect(received[0]).toMatch(/^[0-9a-f]{8}-/);
  });

  it('keeps its newer bookmark when a cache hands it a response with an older one', async () => {
    let kept = null as Response | null;
    const { api, sent, signIn } = recorded((real) => async (input, init) => {
      if (kept && input.includes('/v1/leaderboards/')) return kept.clone();
      const res = await real(input, init);
      kept ??= res.clone();
      return res;
    });
    await api.leaderboard('2026-11-29', 'sudoku', 'easy');
    const older = kept?.headers.get('x-d1-bookmark');
    signIn((await api.register()).token);
    await api.leaderboard('2026-11-29', 'sudoku', 'easy');
    await api.me();
    expect(older).toMatch(/^[0-9a-f]{8}-/);
    expect(sent[3]).toBe(sent[2]);
    expect((sent[3] ?? '') > (older ?? '')).toBe(true);
  });

  it('drops a bookmark the API refuses, so the call after the refusal is answered', async () => {
    let first = true;
    const { api, sent } = recorded((real) => async (input, init) => {
      const res = await real(input, init);
      if (!first) return res;
      first = false;
      // Something between the client and the API (a proxy) rewrote the header.
      const headers = new Headers(res.headers);
      headers.set('x-d1-bookmark', 'not-a-bookmark');
      return new Response(res.body, { status: res.status, headers });
    });
    await api.kinds();
    await expect(api.kinds()).rejects.toMatchObject({ status: 400, code: 'invalid_bookmark' });
    await expect(api.kinds()).resolves.toMatchObject({ kinds: expect.any(Array) });
    expect(sent).toEqual([null, 'not-a-bookmark', null]);
  });
});
