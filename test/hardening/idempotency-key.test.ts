import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { someAddress } from '../support/play.js';

/** Generated header values: a few hundred, each one request. */
const RUNS = 300;
const api = appAt('2026-11-29T12:00:00Z');
const VALID = /^[\x21-\x7E]{1,255}$/;

/** The value a request carries for `raw`, as Headers normalises it, or null when Headers refuses it. */
function carried(raw: string): string | null {
  try {
    return new Headers({ 'Idempotency-Key': raw }).get('Idempotency-Key');
  } catch {
    return null;
  }
}

const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 250, maxLength: 400 }),
  fc.constantFrom('', ' ', '\t', 'a b', 'é', '\u00a0', 'k'.repeat(255), 'k'.repeat(256), '"quoted"', '%00'),
);

describe('a hostile Idempotency-Key', () => {
  it('is refused with 400 invalid_idempotency_key unless it is 1–255 visible ASCII characters, never a 500, storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (raw) => {
        const value = carried(raw);
        fc.pre(value !== null);
        const res = await api('/v1/players', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Idempotency-Key': raw, ...someAddress() },
          // A display name the route refuses: whatever the key, nothing is created.
          body: JSON.stringify({ displayName: 'x' }),
        });
        const { error } = (await res.json()) as { error: { code: string } };
        expect(res.status).toBe(400);
        expect(error.code).toBe(VALID.test(value ?? '') ? 'invalid_request' : 'invalid_idempotency_key');
      }),
      { numRuns: RUNS },
    );
    const kept = await env.DB.prepare('SELECT count(*) AS n FROM idempotency_keys').first<{ n: number }>();
    expect(kept?.n).toBe(0);
  });
});
