import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountPlayerSchema } from '../../src/contract/accounts.js';
import { appAt } from '../support/app.js';
import {
  AUDIENCE,
  devIdToken,
  ISSUER,
  newProvider,
  type TestProvider,
  unsignedIdToken,
} from '../support/id-tokens.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, register, someAddress } from '../support/play.js';

/**
 * Issue #44, item 1, from the browser: POST /v1/players/session takes an id token of the site's identity
 * provider (RS256/ES256 from its JWKS, HS256 with a shared secret), checks it with jose, and answers the
 * player of its `sub` with a player token.
 */
const now = '2026-11-29T12:00:00Z';
const seconds = Math.floor(Date.parse(now) / 1000);

function signIn(idToken: string, bindings: Cloudflare.Env = env, headers: Record<string, string> = {}) {
  return appAt(now, bindings)('/v1/players/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...someAddress(), ...headers },
    body: JSON.stringify({ idToken }),
  });
}

async function refusedWith(res: Response, status: number, code: string, message: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const { error } = await errorOf(res);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
}

let rs: TestProvider;
let es: TestProvider;

beforeAll(async () => {
  rs = await newProvider('RS256');
  es = await newProvider('ES256');
});

describe('an id token signed by the key of the configured JWKS', () => {
  it('gives the player of its subject and a token that works, RS256', async () => {
    const res = await signIn(await rs.sign(now, { sub: 'rs-user' }), rs.bindings);
    expect(res.status).toBe(201);
    const body = await bodyOf(res, AccountPlayerSchema);
    expect(body.created).toBe(true);
    const me = await appAt(now)('/v1/players/me', { headers: bearer(body.token) });
    expect(me.status).toBe(200);
  });

  it('gives the player of its subject, ES256', async () => {
    const res = await signIn(await es.sign(now, { sub: 'es-user' }), es.bindings);
    expect(res.status).toBe(201);
  });

  it('gives the same player every time after the first, with a fresh token', async () => {
    const first = await bodyOf(
      await signIn(await rs.sign(now, { sub: 'again' }), rs.bindings),
      AccountPlayerSchema,
    );
    const res = await signIn(await rs.sign(now, { sub: 'again' }), rs.bindings);
    expect(res.status).toBe(200);
    const second = await bodyOf(res, AccountPlayerSchema);
    expect(second.player.id).toBe(first.player.id);
    expect(second.created).toBe(false);
    expect(second.token).not.toBe(first.token);
  });

  it('reuses the key set it fetched for later requests of the isolate', async () => {
    const provider = await newProvider('ES256');
    for (const sub of ['cache-1', 'cache-2', 'cache-3']) {
      expect((await signIn(await provider.sign(now, { sub }), provider.bindings)).status).toBe(201);
    }
    expect(await provider.fetches()).toBe(1);
  });
});

describe('an id token that fails a check is a 401 invalid_id_token naming the check', () => {
  it('expired', async () => {
    const token = await rs.sign(now, { exp: seconds - 3600, iat: seconds - 7200 });
    await refusedWith(await signIn(token, rs.bindings), 401, 'invalid_id_token', /expiry/);
  });

  it('for another audience', async () => {
    const token = await rs.sign(now, { aud: 'another-site' });
    await refusedWith(await signIn(token, rs.bindings), 401, 'invalid_id_token', /audience/);
  });

  it('from another issuer', async () => {
    const token = await rs.sign(now, { iss: 'https://elsewhere.test' });
    await refusedWith(await signIn(token, rs.bindings), 401, 'invalid_id_token', /issuer/);
  });

  it("signed by a key that is not the provider's, under the provider's key id", async () => {
    const other = await newProvider('RS256');
    const kid = JSON.parse(atob((await rs.sign(now)).split('.')[0] ?? '')).kid as string;
    const token = await other.sign(now, {}, { kid });
    await refusedWith(await signIn(token, rs.bindings), 401, 'invalid_id_token', /signature/);
  });

  it('signed by a key the provider does not publish', async () => {
    const other = await newProvider('ES256');
    await refusedWith(await signIn(await other.sign(now), es.bindings), 401, 'invalid_id_token', /signature/);
  });

  it('unsigned (alg: none)', async () => {
    await refusedWith(await signIn(unsignedIdToken(now)), 401, 'invalid_id_token', /algorithm: none/);
  });

  it('HS256 signed with another secret', async () => {
    const token = await devIdToken(now, {}, 'another-secret-of-thirty-two-characters!');
    await refusedWith(await signIn(token), 401, 'invalid_id_token', /signature/);
  });

  it('HS256 where only a JWKS is trusted for that algorithm family is refused by its signature', async () => {
    // The provider's bindings keep the development secret: an HS256 token signed with another is refused.
    const token = await devIdToken(now, { iss: ISSUER, aud: AUDIENCE }, 'x'.repeat(40));
    await refusedWith(await signIn(token, rs.bindings), 401, 'invalid_id_token', /signature/);
  });

  it('with a subject longer than 128 characters', async () => {
    const token = await devIdToken(now, { sub: 's'.repeat(129) });
    await refusedWith(await signIn(token), 401, 'invalid_id_token', /subject/);
  });
});

describe('the development identity provider (npm start)', () => {
  it('takes HS256 tokens of dev-issuer for daily-puzzles signed with the development secret', async () => {
    const res = await signIn(await devIdToken(now, { sub: 'dev-user' }));
    expect(res.status).toBe(201);
  });
});

describe('clock skew', () => {
  it('tolerates a token expired 30 s ago', async () => {
    const token = await devIdToken(now, { sub: 'skew-30', exp: seconds - 30, iat: seconds - 600 });
    expect((await signIn(token)).status).toBe(201);
  });

  it('refuses a token expired 120 s ago', async () => {
    const token = await devIdToken(now, { exp: seconds - 120, iat: seconds - 600 });
    await refusedWith(await signIn(token), 401, 'invalid_id_token', /expiry/);
  });

  it('tolerates a token valid from 30 s ahead, and refuses one valid from 120 s ahead', async () => {
    const early = await devIdToken(now, { sub: 'skew-nbf', nbf: seconds + 30 });
    expect((await signIn(early)).status).toBe(201);
    const tooEarly = await devIdToken(now, { nbf: seconds + 120 });
    await refusedWith(await signIn(tooEarly), 401, 'invalid_id_token', /nbf/);
  });
});

describe('a request that is not a sign-in', () => {
  it('without an idToken, or one that is not a JWT, is a 400', async () => {
    for (const body of [{}, { idToken: '' }, { idToken: 'not-a-jwt' }, { idToken: 'a.b' }, { idToken: 42 }]) {
      const res = await appAt(now)('/v1/players/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...someAddress() },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('with malformed JSON is a 400 invalid_json', async () => {
    const res = await appAt(now)('/v1/players/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...someAddress() },
      body: '{"idToken": ',
    });
    await refusedWith(res, 400, 'invalid_json', /./);
  });

  it('with a bearer token that is not a player token is a 401', async () => {
    const res = await signIn(await devIdToken(now), env, bearer('nonsense'));
    expect(res.status).toBe(401);
  });

  it("asks for the anonymous player's token when mergeAnonymous comes without one", async () => {
    const res = await appAt(now)('/v1/players/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...someAddress() },
      body: JSON.stringify({ idToken: await devIdToken(now), mergeAnonymous: true }),
    });
    await refusedWith(res, 400, 'anonymous_token_required', /Authorization/);
  });

  it('ignores a player token sent without mergeAnonymous: the account is a player of its own', async () => {
    const anonymous = await register(now);
    const res = await signIn(await devIdToken(now, { sub: 'own-player' }), env, bearer(anonymous.token));
    const body = await bodyOf(res, AccountPlayerSchema);
    expect(body.player.id).not.toBe(anonymous.player.id);
  });
});

describe('a deployment whose identity provider is out of reach or not configured', () => {
  it('answers 503 identity_provider_unavailable when the JWKS cannot be read', async () => {
    const bindings = { ...rs.bindings, JWT_JWKS_URL: 'https://idp.test/sets/missing/jwks.json' };
    await refusedWith(
      await signIn(await rs.sign(now), bindings),
      503,
      'identity_provider_unavailable',
      /JWT_JWKS_URL/,
    );
  });
});
