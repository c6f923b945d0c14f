import { env } from 'cloudflare:test';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { DEV_ID_TOKENS } from '../../src/config.js';

/** The suite's identity provider (vitest.config.ts routes fetches to this origin to it). */
const IDP = 'https://idp.test';

export const ISSUER = IDP;
export const AUDIENCE = 'puzzles-test';

type Asymmetric = 'RS256' | 'ES256';

/** A key pair of one algorithm, its public half published at the suite's identity provider. */
export interface TestProvider {
  jwksUrl: string;
  /** The Worker's bindings that trust this provider (and, as development does, the dev HS256 secret). */
  bindings: Cloudflare.Env;
  /** An id token signed by this provider's key, its claims over the defaults (`iat` and `exp` from `now`). */
  sign(now: string, claims?: JWTPayload, header?: { kid?: string }): Promise<string>;
  /** How often the Worker fetched this provider's key set. */
  fetches(): Promise<number>;
}

let sets = 0;

/** A new provider of `alg` at a key set of its own, so that no test sees another's keys or cache. */
export async function newProvider(alg: Asymmetric): Promise<TestProvider> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `${alg}-key-${++sets}`;
  const setId = `${alg}-${sets}-${crypto.randomUUID()}`;
  const res = await fetch(`${IDP}/sets/${setId}`, {
    method: 'PUT',
    body: JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }] }),
  });
  if (res.status !== 204) throw new Error(`the identity provider refused the key set: ${res.status}`);
  const jwksUrl = `${IDP}/sets/${setId}/jwks.json`;
  return {
    jwksUrl,
    bindings: { ...env, JWT_ISSUER: ISSUER, JWT_AUDIENCE: AUDIENCE, JWT_JWKS_URL: jwksUrl },
    sign: (now, claims = {}, header = {}) =>
      signed(new SignJWT(claims).setProtectedHeader({ alg, kid: header.kid ?? kid }), now, claims).sign(
        privateKey,
      ),
    fetches: async () =>
      ((await (await fetch(`${IDP}/sets/${setId}/fetches`)).json()) as { count: number }).count,
  };
}

/** Issuer, audience, subject, issued now and expiring in 10 minutes, unless `claims` says otherwise. */
function signed(jwt: SignJWT, now: string, claims: JWTPayload): SignJWT {
  const seconds = Math.floor(Date.parse(now) / 1000);
  return jwt
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setSubject(claims.sub ?? 'user-1')
    .setIssuedAt(claims.iat ?? seconds)
    .setExpirationTime(claims.exp ?? seconds + 600);
}

/** An HS256 id token of the development provider (`npm start`'s): dev-issuer, daily-puzzles. */
export function devIdToken(now: string, claims: JWTPayload = {}, secret: string = DEV_ID_TOKENS.secret) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
  return signedBy(jwt, now, claims).sign(new TextEncoder().encode(secret));
}

function signedBy(jwt: SignJWT, now: string, claims: JWTPayload): SignJWT {
  return signed(jwt, now, {
    iss: DEV_ID_TOKENS.issuer,
    aud: DEV_ID_TOKENS.audience,
    ...claims,
  });
}

/** An unsigned token (`alg: none`) with the claims a valid one would carry. */
export function unsignedIdToken(now: string, claims: JWTPayload = {}): string {
  const seconds = Math.floor(Date.parse(now) / 1000);
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  const payload = {
    iss: DEV_ID_TOKENS.issuer,
    aud: DEV_ID_TOKENS.audience,
    sub: 'user-1',
    iat: seconds,
    exp: seconds + 600,
    ...claims,
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}
