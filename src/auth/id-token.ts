import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyOptions,
  jwtVerify,
} from 'jose';

/** Whose id tokens POST /v1/players/session takes: RS256/ES256 from a JWKS, HS256 with a shared secret, or both. */
export interface IdTokenSettings {
  issuer: string;
  audience: string;
  jwksUrl: string | null;
  secret: string | null;
}

/** How far an identity provider's clock may be from ours, either way: 60 s, the spec's bound. */
export const ID_TOKEN_CLOCK_SKEW_SECONDS = 60;

/** The longest `sub` an account may have: the same bound as an operator's external id. */
export const MAX_SUBJECT_LENGTH = 128;

const ASYMMETRIC = ['RS256', 'ES256'];

/**
 * A verified token's subject; or which check failed, in words for the caller (`invalid`); or the JWKS
 * that could not be read (`keys_unavailable`, the provider's fault, not the caller's).
 */
export type IdTokenOutcome =
  | { ok: true; subject: string }
  | { ok: false; reason: 'invalid'; check: string }
  | { ok: false; reason: 'keys_unavailable' };

/**
 * One key set per URL for the isolate's life: jose caches the fetched keys in it and fetches again only
 * for an unknown `kid` (at most every 30 s) or after 10 minutes, so requests share one download.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetAt(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url));
    keySets.set(url, keySet);
  }
  return keySet;
}

const invalid = (check: string): IdTokenOutcome => ({ ok: false, reason: 'invalid', check });

/**
 * Verifies an id token with jose against the settings: signature (an algorithm named up front, so `none`
 * and a key of the other family never pass), issuer, audience, expiry and not-before within the skew of
 * `now`, and a subject of 1 to 128 characters.
 */
export async function verifyIdToken(
  settings: IdTokenSettings,
  token: string,
  now: Date,
): Promise<IdTokenOutcome> {
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return invalid('format: it is not a signed JWT (header.payload.signature, base64url)');
  }
  const options: JWTVerifyOptions = {
    issuer: settings.issuer,
    audience: settings.audience,
    clockTolerance: ID_TOKEN_CLOCK_SKEW_SECONDS,
    currentDate: now,
    requiredClaims: ['exp', 'sub'],
  };
  let payload: JWTPayload;
  try {
    if (alg === 'HS256' && settings.secret !== null) {
      const key = new TextEncoder().encode(settings.secret);
      ({ payload } = await jwtVerify(token, key, { ...options, algorithms: ['HS256'] }));
    } else if (alg !== undefined && ASYMMETRIC.includes(alg) && settings.jwksUrl !== null) {
      ({ payload } = await jwtVerify(token, keySetAt(settings.jwksUrl), {
        ...options,
        algorithms: ASYMMETRIC,
      }));
    } else {
      return invalid(`algorithm: ${alg ?? 'none'} is not accepted here (${acceptedAlgorithms(settings)})`);
    }
  } catch (error) {
    return refused(error);
  }
  const subject = payload.sub ?? '';
  if (subject.length === 0 || subject.length > MAX_SUBJECT_LENGTH) {
    return invalid(`subject: sub must be 1 to ${MAX_SUBJECT_LENGTH} characters`);
  }
  return { ok: true, subject };
}

function acceptedAlgorithms(settings: IdTokenSettings): string {
  const accepted = [
    ...(settings.jwksUrl === null ? [] : ASYMMETRIC),
    ...(settings.secret === null ? [] : ['HS256']),
  ];
  return `accepted: ${accepted.join(', ')}`;
}

function refused(error: unknown): IdTokenOutcome {
  if (error instanceof errors.JWTExpired) return invalid('expiry: the token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim;
    const check = claim === 'iss' ? 'issuer' : claim === 'aud' ? 'audience' : `claim ${claim}`;
    return invalid(`${check}: ${error.message}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return invalid('signature: no key of the identity provider signed it');
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return { ok: false, reason: 'keys_unavailable' };
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return invalid(`algorithm: ${error.message}`);
  }
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) {
    return invalid(`format: ${error.message}`);
  }
  // jose reports a JWKS answered with anything but 200 as a generic JOSEError; a fetch that fails throws.
  if (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') {
    return { ok: false, reason: 'keys_unavailable' };
  }
  if (error instanceof TypeError) return { ok: false, reason: 'keys_unavailable' };
  throw error;
}
