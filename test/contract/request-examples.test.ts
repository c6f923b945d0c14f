import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEV_OPERATOR_KEY, DEV_SECRETS } from '../../src/config.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, register, someAddress } from '../support/play.js';

/**
 * Every request the OpenAPI document illustrates, sent as it stands to the real app and database: the
 * path and query from the parameters' examples, the body from the request's example, the token its
 * security names. The state may refuse it (no session, no such player, nothing to approve), but never its
 * shape: the document's examples are requests the server accepts.
 */

const at = '2026-11-29T12:00:00Z';
const api = appAt(at);

type Json = Record<string, unknown>;

interface Example {
  method: string;
  path: string;
  url: string;
  body: unknown;
  security: string[];
  /** True when the operation also answers without a token (no security, or an empty requirement). */
  anonymous: boolean;
}

/** The example of a schema: its own or, behind a $ref, the component's. */
function exampleOf(doc: Json, schema: Json | undefined): unknown {
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1) as string;
    return exampleOf(doc, ((doc.components as Json).schemas as Record<string, Json>)[name]);
  }
  return schema.example;
}

async function requestExamples(): Promise<Example[]> {
  const doc = await bodyOf(await api('/openapi.json'), z.record(z.string(), z.unknown()));
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, value]) => {
      const op = value as Json;
      let url = path;
      const query = new URLSearchParams();
      for (const p of (op.parameters as Json[] | undefined) ?? []) {
        const example = p.example ?? (p.schema as Json).example;
        if (example === undefined) continue;
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(example)));
        else if (p.in === 'query') query.set(String(p.name), String(example));
      }
      const media = (op.requestBody as { content: Record<string, Json> } | undefined)?.content[
        'application/json'
      ];
      const body = media ? (media.example ?? exampleOf(doc, media.schema as Json)) : undefined;
      const requirements = op.security as Json[];
      const security = requirements.flatMap((r) => Object.keys(r));
      const anonymous = requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0);
      return { method, path, url: query.size ? `${url}?${query}` : url, body, security, anonymous };
    }),
  );
}

async function send(example: Example): Promise<Response> {
  const headers: Record<string, string> = { ...someAddress() };
  if (example.security.includes('admin')) headers.Authorization = `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`;
  else if (example.security.includes('operator')) headers.Authorization = `Bearer ${DEV_OPERATOR_KEY}`;
  // A new player for each request: an example that deletes or changes its caller affects no other.
  else if (example.security.includes('player')) Object.assign(headers, bearer((await register(at)).token));
  if (example.body !== undefined) headers['content-type'] = 'application/json';
  return api(example.url, {
    method: example.method.toUpperCase(),
    headers,
    ...(example.body === undefined ? {} : { body: JSON.stringify(example.body) }),
  });
}

/** The refusals that mean a request is malformed, as against refused for the state it meets. */
const SHAPE_ERRORS = ['invalid_request', 'invalid_solution', 'invalid_json', 'invalid_puzzle'];

describe('the examples of the OpenAPI document', () => {
  it('are requests the server accepts: no example is refused for its shape, none fails the server', async () => {
    const examples = await requestExamples();
    expect(examples.filter((e) => e.body !== undefined).length).toBeGreaterThanOrEqual(10);
    const refused: string[] = [];
    for (const example of examples) {
      const res = await send(example);
      const json = res.status >= 400 ? await errorOf(res) : null;
      if (res.status >= 500 || (res.status === 400 && SHAPE_ERRORS.includes(json?.error.code ?? ''))) {
        refused.push(`${example.method} ${example.url}: ${res.status} ${JSON.stringify(json)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('include a registration, a change of the player and a new group that succeed as they stand', async () => {
    const byOperation = new Map((await requestExamples()).map((e) => [`${e.method} ${e.path}`, e]));
    const statuses = [];
    for (const key of ['post /v1/players', 'patch /v1/players/me', 'post /v1/groups']) {
      const example = byOperation.get(key);
      if (!example) throw new Error(`no example of ${key}`);
      statuses.push((await send(example)).status);
    }
    expect(statuses).toEqual([201, 200, 201]);
  });

  it('would be caught refused: a body off its schema gets the shape error the check looks for', async () => {
    const res = await send({
      method: 'post',
      path: '/v1/groups',
      url: '/v1/groups',
      body: { name: '!' },
      security: ['player'],
      anonymous: false,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_request');
  });

  it('answer 401 without a token exactly where the document declares one required', async () => {
    const examples = await requestExamples();
    const mismatched = await mismatchesWithout(examples, { body: true, token: null });
    expect(examples.filter((e) => !e.anonymous).length).toBeGreaterThan(20);
    expect(examples.filter((e) => e.anonymous).length).toBeGreaterThan(10);
    expect(mismatched).toEqual([]);
  });

  it('answer 401 without a token even with no body: the access level is checked before the request is read', async () => {
    const examples = await requestExamples();
    expect(examples.filter((e) => !e.anonymous && e.body !== undefined).length).toBeGreaterThan(5);
    expect(await mismatchesWithout(examples, { body: false, token: null })).toEqual([]);
  });

  it('answer 401 to a badly signed token wherever the document names a token, and never where it names none', async () => {
    const examples = await requestExamples();
    const named = (e: Example) => e.security.length > 0;
    const badToken = 'Bearer 2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11.AAAAAAAAAAAAAAAA.k1.forged';
    const mismatched: string[] = [];
    for (const example of examples) {
      const res = await requestWithout(example, { body: true, token: badToken });
      if ((res.status === 401) !== named(example)) {
        mismatched.push(
          `${example.method} ${example.path}: ${res.status}, declares ${JSON.stringify(example.security)}`,
        );
      }
    }
    // Optional-player operations name a token too: one sent must be valid there as well.
    expect(examples.filter((e) => named(e) && e.anonymous).length).toBeGreaterThan(5);
    expect(examples.filter((e) => !named(e)).length).toBeGreaterThan(5);
    expect(mismatched).toEqual([]);
  });
});

/**
 * Once the example date's answers are public, so that what answers anonymously then does; without the
 * query, whose examples ask for a following scope.
 */
const later = appAt('2026-12-03T12:00:00Z');

async function requestWithout(
  example: Example,
  options: { body: boolean; token: string | null },
): Promise<Response> {
  const sendBody = options.body && example.body !== undefined;
  return later(example.url.split('?')[0] as string, {
    method: example.method.toUpperCase(),
    headers: {
      ...someAddress(),
      'content-type': 'application/json',
      ...(options.token === null ? {} : { Authorization: options.token }),
    },
    ...(sendBody ? { body: JSON.stringify(example.body) } : {}),
  });
}

/** The operations whose answer without a valid token disagrees with what the document declares. */
async function mismatchesWithout(
  examples: Example[],
  options: { body: boolean; token: string | null },
): Promise<string[]> {
  const mismatched: string[] = [];
  for (const example of examples) {
    const res = await requestWithout(example, options);
    // A refusal of the token is `unauthorized`; a 401 of the body's own credential (sign-in's
    // `invalid_id_token`) says nothing about the caller's token.
    const tokenRefused = res.status === 401 && (await errorOf(res)).error.code === 'unauthorized';
    if (tokenRefused === example.anonymous) {
      mismatched.push(
        `${example.method} ${example.path}: ${res.status}, declares ${JSON.stringify(example.security)}`,
      );
    }
  }
  return mismatched;
}
