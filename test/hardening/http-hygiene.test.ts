import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import { documentOf } from '../support/openapi.js';

const app = createApp({ now: () => new Date('2026-11-29T12:00:00Z') });
const request = (path: string, init?: RequestInit, extraEnv: Record<string, string> = {}) =>
  app.request(path, init, { ...env, ...extraEnv });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HTTP hygiene', () => {
  it('keeps successful requests out of the log by default', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    await request('/v1/health');
    expect(lines.filter((l) => l.includes('"message":"request"'))).toEqual([]);
  });

  it('sends security headers on every response, errors included', async () => {
    for (const path of ['/v1/health', '/v1/nowhere']) {
      const res = await request(path);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
    }
  });

  it('leaves document-only headers off JSON responses and keeps them on the docs page', async () => {
    const documentOnly = [
      'Cross-Origin-Opener-Policy',
      'Origin-Agent-Cluster',
      'X-Download-Options',
      'Referrer-Policy',
    ];
    const api = await request('/v1/health');
    for (const name of documentOnly) expect(api.headers.get(name)).toBeNull();
    const docs = await request('/docs');
    for (const name of documentOnly) expect(docs.headers.get(name)).not.toBeNull();
    expect(docs.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('gives a thousand responses a thousand different request ids', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 1000; i++) ids.add((await request('/v1/nowhere')).headers.get('X-Request-Id'));
    expect(ids.size).toBe(1000);
    expect(ids.has(null)).toBe(false);
  });

  it("names a request by Cloudflare's Ray ID when there is one, or by the caller's own id", async () => {
    const ray = await request('/v1/health', { headers: { 'cf-ray': '8f0e2b6c1a2d3e4f-AMS' } });
    expect(ray.headers.get('X-Request-Id')).toBe('8f0e2b6c1a2d3e4f-AMS');
    const own = await request('/v1/health', { headers: { 'X-Request-Id': 'client-42' } });
    expect(own.headers.get('X-Request-Id')).toBe('client-42');
  });

  it('gives every response a request id, and errors name it in the body', async () => {
    const ok = await request('/v1/health');
    expect(ok.headers.get('X-Request-Id')).toMatch(/\S{8,}/);
    const missing = await request('/v1/nowhere');
    expect(missing.headers.get('X-Request-Id')).toMatch(/\S{8,}/);
  });

  it('sends no CORS headers at all while CORS_ORIGINS is unset', async () => {
    for (const headers of [{}, { Origin: 'https://puzzles.example' }] as Record<string, string>[]) {
      const res = await request('/v1/health', { headers });
      expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(res.headers.get('Access-Control-Expose-Headers')).toBeNull();
      expect(res.headers.get('Vary') ?? '').not.toContain('Origin');
    }
  });

  it('allows no cross-origin access unless CORS_ORIGINS names the origin', async () => {
    const origin = { Origin: 'https://puzzles.example' };
    const closed = await request('/v1/health', { headers: origin });
    expect(closed.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const open = await request(
      '/v1/health',
      { headers: origin },
      { CORS_ORIGINS: 'https://a.example, https://puzzles.example' },
    );
    expect(open.headers.get('Access-Control-Allow-Origin')).toBe('https://puzzles.example');
    const other = await request(
      '/v1/health',
      { headers: { Origin: 'https://evil.example' } },
      { CORS_ORIGINS: 'https://puzzles.example' },
    );
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('answers a CORS preflight for an allowed origin', async () => {
    const res = await request(
      '/v1/players',
      {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://puzzles.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      },
      { CORS_ORIGINS: '*' },
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
  });

  it('allows in a CORS preflight every method of every operation the OpenAPI document lists', async () => {
    const document = await documentOf(await request('/openapi.json'));
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
        .map((method) => ({ path: path.replace(/\{[^}]+\}/g, 'x'), method: method.toUpperCase() })),
    );
    expect(new Set(operations.map((o) => o.method))).toEqual(
      new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    for (const { path, method } of operations) {
      const res = await request(
        path,
        {
          method: 'OPTIONS',
          headers: { Origin: 'https://puzzles.example', 'Access-Control-Request-Method': method },
        },
        { CORS_ORIGINS: 'https://puzzles.example' },
      );
      expect(res.status, `${method} ${path}`).toBe(204);
      expect(res.headers.get('Access-Control-Allow-Methods')?.split(','), `${method} ${path}`).toContain(
        method,
      );
    }
  });

  it('logs each request as one JSON line with its request id and status when ACCESS_LOG is on', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    const res = await request('/v1/health', {}, { ACCESS_LOG: 'true' });
    const entry = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.message === 'request');
    expect(entry).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/v1/health',
      status: 200,
      requestId: res.headers.get('X-Request-Id'),
    });
  });
});
