import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { MAX_LOG_ENTRIES } from '../../src/contract/submission.js';
import { MAX_BODY_BYTES, MAX_SUBMISSION_BODY_BYTES } from '../../src/http/body-limit.js';
import worker from '../../src/index.js';
import { appAt } from '../support/app.js';
import { errorOf } from '../support/json.js';
import { someAddress } from '../support/play.js';

const api = appAt('2026-11-29T12:00:00Z');
const DATE = '2026-11-29';

/** A JSON object of exactly `bytes` bytes: `{}` padded with spaces. */
function jsonOf(bytes: number): string {
  return `{${' '.repeat(bytes - 2)}}`;
}

/** A body without Content-Length: `bytes` bytes in 1 KB chunks. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const text = jsonOf(bytes);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= text.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(text.slice(offset, offset + 1024)));
      offset += 1024;
    },
  });
}

async function expect413(res: Response, what: string): Promise<void> {
  expect(res.status, what).toBe(413);
  expect(res.headers.get('content-type'), what).toContain('application/json');
  expect((await errorOf(res)).error.code, what).toBe('body_too_large');
}

const headers = { 'content-type': 'application/json', ...someAddress() };

describe('an oversized body', () => {
  it('gets the JSON 413 on every route and method, known or not', async () => {
    const requests: [string, string][] = [
      ['POST', '/v1/players'],
      ['PATCH', '/v1/players/me'],
      ['POST', `/v1/puzzles/${DATE}/colorsort/easy/reveal`],
      ['POST', '/v1/admin/calibrate'],
      ['PUT', `/v1/puzzles/${DATE}/sudoku/easy`],
      ['POST', '/v1/nowhere'],
      ['PUT', '/docs'],
      ['DELETE', '/openapi.json'],
      ['PATCH', '/not/a/route'],
    ];
    for (const [method, path] of requests) {
      const res = await api(path, { method, headers, body: jsonOf(MAX_BODY_BYTES + 1) });
      await expect413(res, `${method} ${path}`);
    }
  });

  it('gets the JSON 413 without a Content-Length, measured as it streams in', async () => {
    const res = await api('/v1/players', { method: 'POST', headers, body: chunked(MAX_BODY_BYTES + 1) });
    await expect413(res, 'chunked');
  });

  it('gets the JSON 413 before the token is even looked at', async () => {
    const res = await api('/v1/admin/calibrate', {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` },
      body: jsonOf(MAX_BODY_BYTES + 1),
    });
    await expect413(res, 'admin');
  });

  it('gets the JSON 413 from the Worker as deployed, front cache included', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('https://puzzles.test/v1/nowhere', { method: 'POST', body: jsonOf(MAX_BODY_BYTES + 1) }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    await expect413(res, 'worker');
  });
});

describe('a body within its limit', () => {
  it('of exactly the limit reaches the route', async () => {
    const res = await api('/v1/players', { method: 'POST', headers, body: jsonOf(MAX_BODY_BYTES) });
    expect(res.status).toBe(201);
  });

  it('without a Content-Length reaches the route whole', async () => {
    const res = await api('/v1/players', { method: 'POST', headers, body: chunked(MAX_BODY_BYTES) });
    expect(res.status).toBe(201);
  });

  it('may be larger for a submission, up to its own limit', async () => {
    const path = `/v1/puzzles/${DATE}/sudoku/easy/submissions`;
    const within = await api(path, { method: 'POST', headers, body: jsonOf(MAX_SUBMISSION_BODY_BYTES) });
    // Past the size check: refused for the missing player token, not for its size.
    expect(within.status).toBe(401);
    const over = await api(path, { method: 'POST', headers, body: jsonOf(MAX_SUBMISSION_BODY_BYTES + 1) });
    await expect413(over, 'submission');
  });

  it('of a submission has room for the longest log a submission may carry', () => {
    // An hour on a 25×25 nonogram: every entry at its widest.
    const log = Array.from({ length: MAX_LOG_ENTRIES }, () => [3_599_999, 624, 2]);
    const body = JSON.stringify({ solution: { cells: '1'.repeat(625) }, log, startToken: 'x'.repeat(512) });
    expect(new TextEncoder().encode(body).byteLength).toBeLessThanOrEqual(MAX_SUBMISSION_BODY_BYTES);
  });
});
