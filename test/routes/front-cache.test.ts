import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { bearer, register } from '../support/play.js';

let clock = new Date('2026-11-29T12:00:00Z');
const app = createApp({ now: () => clock });
const get = (path: string, init?: RequestInit, extraEnv: Record<string, string> = {}) =>
  app.request(path, init, { ...env, ...extraEnv });
const path = '/v1/puzzles/2026-11-29/loop/easy';

async function setRating(rating: number) {
  await env.DB.prepare("update puzzles set rating = ? where id = '2026-11-29:loop:easy'").bind(rating).run();
}

describe('the front cache of anonymous puzzle reads', () => {
  it('serves a repeat from memory with the same body and ETag but its own request id', async () => {
    const first = await get(path);
    const second = await get(path);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'));
    expect(second.headers.get('Cache-Control')).toBe(first.headers.get('Cache-Control'));
    expect(second.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(second.headers.get('X-Request-Id')).not.toBe(first.headers.get('X-Request-Id'));
  });

  it('answers If-None-Match from memory with 304', async () => {
    const etag = (await get(path)).headers.get('ETag') ?? '';
    const res = await get(path, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
  });

  it('keeps an entry no longer than the max-age its response allows', async () => {
    await setRating(1500);
    const before = (await (await get(path)).json()) as { rating: number };
    await setRating(1777);
    clock = new Date(clock.getTime() + 30_000);
    expect(((await (await get(path)).json()) as { rating: number }).rating).toBe(before.rating);
    clock = new Date(clock.getTime() + 61_000);
    expect(((await (await get(path)).json()) as { rating: number }).rating).toBe(1777);
  });

  it('steps aside for a player: the start token is never served from memory', async () => {
    await get(path);
    const { token } = await register(clock.toISOString());
    const res = await get(path, { headers: bearer(token) });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.json()).toHaveProperty('startToken');
  });

  it('steps aside for a cross-origin caller, so CORS headers are right', async () => {
    await get(path);
    const res = await get(
      path,
      { headers: { Origin: 'https://puzzles.example' } },
      { CORS_ORIGINS: 'https://puzzles.example' },
    );
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://puzzles.example');
  });

  it('never keeps an error', async () => {
    const missing = '/v1/puzzles/2026-11-29/loop/superhard';
    expect((await get(missing)).status).toBe(400);
    expect((await get(missing)).status).toBe(400);
  });
});
