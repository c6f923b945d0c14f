import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../src/contract/error-codes.js';
import { IDEMPOTENCY_REFUSALS } from '../../src/http/idempotency.js';
import { TOKEN_REFUSALS } from '../../src/http/player-auth.js';
import { appAt } from '../support/app.js';
import { errorOf } from '../support/json.js';
import { documentOf } from '../support/openapi.js';
import { someAddress } from '../support/play.js';

const api = appAt('2026-11-29T12:00:00Z');

const ErrorCodesSchema = z.record(z.string(), z.object({ description: z.string(), docUrl: z.string() }));

async function documented() {
  const res = await api('/openapi.json');
  const document = await documentOf(res);
  return { document, codes: ErrorCodesSchema.parse(document['x-error-codes']) };
}

/** The codes a route's error answers name in the document (`code`: text, from its refusal tables). */
function codesNamed(description: string): string[] {
  return [...description.matchAll(/(?:^|; )`([a-z_]+)`(?=: |;|$)/g)].map((m) => m[1] as string);
}

describe('the error codes', () => {
  it('documents every code a route says it may answer, in x-error-codes', async () => {
    const { document, codes } = await documented();
    const named = new Set<string>();
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 400) for (const code of codesNamed(response.description)) named.add(code);
        }
      }
    }
    expect(named.size).toBeGreaterThan(20);
    expect([...named].filter((code) => !(code in codes))).toEqual([]);
  });

  it("documents the middleware's own codes", async () => {
    const { codes } = await documented();
    const middleware = [...Object.values(IDEMPOTENCY_REFUSALS), ...Object.values(TOKEN_REFUSALS)].map(
      ([, code]) => code,
    );
    expect(middleware.filter((code) => !(code in codes))).toEqual([]);
  });

  it('documents each code of the source table once, with its meaning', async () => {
    const { codes } = await documented();
    expect(Object.keys(codes)).toEqual(Object.keys(ERROR_CODES));
    expect(Object.values(codes).every(({ description }) => description.length > 10)).toBe(true);
  });

  it('resolves every docUrl to /docs/errors, with a section whose id is the code', async () => {
    const { codes } = await documented();
    const page = await api('/docs/errors');
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const [code, { docUrl }] of Object.entries(codes)) {
      const [path, anchor] = docUrl.split('#');
      expect([path, anchor], code).toEqual(['/docs/errors', code]);
      expect(html, code).toContain(`<section id="${code}">`);
    }
  });

  it('declares param and docUrl on the Error schema', async () => {
    const { document } = await documented();
    expect(Object.keys(document.components.schemas.Error?.properties?.error?.properties ?? {})).toEqual(
      expect.arrayContaining(['code', 'message', 'param', 'docUrl']),
    );
  });
});

describe('an error answer', () => {
  it("links its code's documentation", async () => {
    const res = await api('/v1/no-such-route');
    expect((await errorOf(res)).error).toMatchObject({ code: 'not_found', docUrl: '/docs/errors#not_found' });
  });

  it('names the body field at fault as param', async () => {
    const res = await api('/v1/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...someAddress() },
      body: JSON.stringify({ displayName: 'x' }),
    });
    expect((await errorOf(res)).error).toMatchObject({ code: 'invalid_request', param: 'displayName' });
  });

  it('names a path parameter its route refused as param (a date that does not exist)', async () => {
    const res = await api('/v1/puzzles/2026-02-30/sudoku/easy', { headers: someAddress() });
    expect((await errorOf(res)).error).toMatchObject({ code: 'invalid_date', param: 'date' });
  });

  it('names a refused header as param', async () => {
    const res = await api('/v1/players', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'x'.repeat(256), ...someAddress() },
    });
    expect((await errorOf(res)).error).toMatchObject({
      code: 'invalid_idempotency_key',
      param: 'Idempotency-Key',
    });
  });

  it('has no param when no one field is at fault', async () => {
    const res = await api('/v1/players/me', { headers: someAddress() });
    expect((await errorOf(res)).error.param).toBeUndefined();
  });
});

describe('the Idempotency-Key header in the document', () => {
  it('is an optional header parameter of every creating route that takes it', async () => {
    const { document } = await documented();
    const Parameters = z.array(z.object({ name: z.string(), in: z.string(), required: z.boolean() }));
    const taking = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) =>
        Parameters.parse(operation.parameters ?? []).some(
          (p) => p.name === 'Idempotency-Key' && p.in === 'header' && !p.required,
        ),
      )
      .map((operation) => operation.operationId);
    expect(taking.sort()).toEqual(
      [
        'createGroup',
        'createLinkCode',
        'createModerator',
        'createReadToken',
        'createShare',
        'createWebhook',
        'linkDevice',
        'registerPlayer',
      ].sort(),
    );
  });

  it('declares the refusals of a key on those routes: 400, 409 and 422 with their codes', async () => {
    const { document } = await documented();
    const createGroup = document.paths['/v1/groups']?.post;
    expect(createGroup?.responses['400']?.description).toContain('`invalid_idempotency_key`');
    expect(createGroup?.responses['409']?.description).toContain('`idempotency_key_in_use`');
    expect(createGroup?.responses['422']?.description).toContain('`idempotency_key_reused`');
  });
});

describe('insufficient_scope in the document', () => {
  it('is among the 403s of every route that needs a full token, and of none that takes a read one', async () => {
    const { document } = await documented();
    const all = Object.values(document.paths).flatMap((item) => Object.values(item));
    const scoped = (op: (typeof all)[number], scope: string) =>
      (op.security ?? []).some((r) => r.player?.join() === scope);
    const says = (op: (typeof all)[number]) =>
      op.responses['403']?.description.includes('`insufficient_scope`') ?? false;
    expect(all.filter((op) => scoped(op, 'full') && !says(op)).map((op) => op.operationId)).toEqual([]);
    expect(all.filter((op) => scoped(op, 'read') && says(op)).map((op) => op.operationId)).toEqual([]);
  });
});
