import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_ID_TOKENS, DEV_OPERATOR_KEY, loadConfig } from '../../src/config.js';
import type { Env } from '../../src/env.js';
import worker from '../../src/index.js';
import { COMMITTED } from '../support/committed-config.js';
import { DEPLOYED_VAPID } from '../support/vapid.js';

function randomSecret(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const strongSecrets = {
  PUZZLE_SALT: randomSecret(),
  TOKEN_SECRET: randomSecret(),
  ADMIN_TOKEN: randomSecret(),
  ...DEPLOYED_VAPID,
};

/** The committed configuration with strong secrets, plus `extra`. */
function deployed(extra: Partial<Env> = {}): Env {
  return { DB: env.DB, ...COMMITTED.vars, ...strongSecrets, ...extra };
}

const jwtVars = { JWT_ISSUER: 'https://idp.example.org', JWT_AUDIENCE: 'puzzles' };

describe('operator keys and id tokens in development', () => {
  it('are the published operator key and the HS256 provider dev-issuer / daily-puzzles', () => {
    const config = loadConfig({ DB: env.DB, ENVIRONMENT: 'development' });
    expect(config.operatorKeys).toEqual([{ name: 'dev', key: DEV_OPERATOR_KEY }]);
    expect(config.idTokens).toEqual({ ...DEV_ID_TOKENS, jwksUrl: null });
  });
});

describe('operator keys of a deployment', () => {
  it('are none when OPERATOR_KEYS is unset', () => {
    expect(loadConfig(deployed()).operatorKeys).toEqual([]);
  });

  it('are every named key of OPERATOR_KEYS, for a rotation', () => {
    const [a, b] = [randomSecret(), randomSecret()];
    expect(loadConfig(deployed({ OPERATOR_KEYS: `site:${a}, site-next:${b}` })).operatorKeys).toEqual([
      { name: 'site', key: a },
      { name: 'site-next', key: b },
    ]);
  });

  it('refuse the development key published in the source', () => {
    expect(() => loadConfig(deployed({ OPERATOR_KEYS: `site:${DEV_OPERATOR_KEY}` }))).toThrow(
      /OPERATOR_KEYS' key "site" is a development default/,
    );
  });

  it('refuse a weak key, naming the key and never its value', () => {
    expect(() => loadConfig(deployed({ OPERATOR_KEYS: `site:${randomSecret()},old:short` }))).toThrow(
      /OPERATOR_KEYS' key "old" is shorter than 32 characters; make a random one/,
    );
  });

  it('refuse a list that is not name:key pairs, and a name given twice', () => {
    const key = randomSecret();
    for (const value of [key, `:${key}`, `site:`, `si te:${key}`, `site:${key},`]) {
      expect(() => loadConfig(deployed({ OPERATOR_KEYS: value })), value).toThrow(/OPERATOR_KEYS must be/);
    }
    expect(() => loadConfig(deployed({ OPERATOR_KEYS: `a:${key},a:${randomSecret()}` }))).toThrow(
      /names the key "a" twice/,
    );
  });
});

describe('id tokens of a deployment', () => {
  it('are not taken when no JWT_ variable is set', () => {
    expect(loadConfig(deployed()).idTokens).toBeNull();
  });

  it('are taken from a JWKS, from a secret, or both', () => {
    const secret = randomSecret();
    const jwksUrl = 'https://idp.example.org/jwks.json';
    const config = loadConfig(deployed({ ...jwtVars, JWT_JWKS_URL: jwksUrl, JWT_SECRET: secret }));
    expect(config.idTokens).toEqual({
      issuer: 'https://idp.example.org',
      audience: 'puzzles',
      jwksUrl,
      secret,
    });
  });

  it('refuse a configuration without an issuer, an audience, or any key', () => {
    const url = { JWT_JWKS_URL: 'https://idp.example.org/jwks.json' };
    for (const partial of [{ JWT_AUDIENCE: 'puzzles', ...url }, { JWT_ISSUER: 'x', ...url }, jwtVars]) {
      expect(() => loadConfig(deployed(partial)), JSON.stringify(partial)).toThrow(
        /needs JWT_ISSUER, JWT_AUDIENCE and JWT_JWKS_URL or JWT_SECRET/,
      );
    }
  });

  it('refuse a JWKS URL that is not https', () => {
    expect(() =>
      loadConfig(deployed({ ...jwtVars, JWT_JWKS_URL: 'http://idp.example.org/jwks.json' })),
    ).toThrow(/JWT_JWKS_URL must be an https: URL/);
  });

  it('refuse the development secret published in the source, and a weak one', () => {
    expect(() => loadConfig(deployed({ ...jwtVars, JWT_SECRET: DEV_ID_TOKENS.secret }))).toThrow(
      /JWT_SECRET is a development default/,
    );
    expect(() => loadConfig(deployed({ ...jwtVars, JWT_SECRET: 'abab'.repeat(10) }))).toThrow(
      /JWT_SECRET holds only 2 different characters/,
    );
  });
});

describe('a deployment configured with the development operator key or JWT secret', () => {
  it('answers 503 misconfigured, on the new routes as on the others', async () => {
    const deployments = [
      deployed({ OPERATOR_KEYS: `dev:${DEV_OPERATOR_KEY}` }),
      deployed({
        JWT_ISSUER: DEV_ID_TOKENS.issuer,
        JWT_AUDIENCE: DEV_ID_TOKENS.audience,
        JWT_SECRET: DEV_ID_TOKENS.secret,
      }),
    ];
    for (const environment of deployments) {
      for (const [path, method] of [
        ['/v1/health', 'GET'],
        ['/v1/operator/players/user-1', 'PUT'],
        ['/v1/players/session', 'POST'],
      ] as const) {
        const ctx = createExecutionContext();
        const res = await worker.fetch(
          new Request(`https://puzzles.test${path}`, {
            method,
            headers: { Authorization: `Bearer ${DEV_OPERATOR_KEY}`, 'content-type': 'application/json' },
            body: method === 'GET' ? undefined : '{}',
          }),
          environment,
          ctx,
        );
        await waitOnExecutionContext(ctx);
        expect(res.status, path).toBe(503);
        expect(await res.json()).toMatchObject({ error: { code: 'misconfigured' } });
      }
    }
  });
});

describe('a deployment without operator keys or an identity provider', () => {
  async function send(path: string, method: string): Promise<Response> {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`https://puzzles.test${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(method === 'PUT' ? {} : { idToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln' }),
      }),
      deployed(),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('answers the operator route 404 operator_not_configured', async () => {
    const res = await send('/v1/operator/players/user-1', 'PUT');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'operator_not_configured' } });
  });

  it('answers sign-in 404 sessions_not_configured', async () => {
    const res = await send('/v1/players/session', 'POST');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'sessions_not_configured' } });
  });
});
