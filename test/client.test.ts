import { env } from 'cloudflare:test';
import { hc } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { type AppType, createApp } from '../src/app.js';

const app = createApp({ now: () => new Date('2026-11-29T12:00:00Z') });
const api = hc<AppType>('http://localhost', {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init, env),
});

describe('the typed client for front ends (hono/client with AppType)', () => {
  it('fetches a puzzle with typed parameters and a typed body', async () => {
    const res = await api.v1.puzzles[':date'][':kind'][':level'].$get({
      param: { date: '2026-11-29', kind: 'sudoku', level: 'easy' },
      query: {},
    });
    expect(res.status).toBe(200);
    if (res.status !== 200) return;
    const body = await res.json();
    expect(body.id).toBe('2026-11-29:sudoku:easy');
    expect(body.difficulty.level).toBe('easy');
  });

  it('registers a player through the client', async () => {
    const res = await api.v1.players.$post({ json: { displayName: 'Client' } });
    expect(res.status).toBe(201);
    if (res.status !== 201) return;
    expect((await res.json()).player.displayName).toBe('Client');
  });
});
