import { toBase64Url } from './base64url.js';
import { sign, verify } from './hmac.js';
import { KEY_ID, keyIdOf, secretNamed, type TokenSecret, verifyingSecrets } from './signing-keys.js';

declare const playerIdBrand: unique symbol;
/** A player's id: a random UUID. */
export type PlayerId = string & { readonly [playerIdBrand]: true };

/** What a valid bearer token says: whose it is, which issue of it, and which key signed it. */
export interface VerifiedPlayerToken {
  playerId: PlayerId;
  /** 16 base64url characters drawn when the token was issued; `legacy` for tokens made before token ids. */
  tokenId: string;
  keyId: string;
}

/** The token id reported for tokens of the earlier `<playerId>.<mac>` format. */
export const LEGACY_TOKEN_ID = 'legacy';

const PURPOSE = 'player';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN_ID = /^[A-Za-z0-9_-]{16}$/;

export function newPlayerId(): PlayerId {
  return crypto.randomUUID() as PlayerId;
}

/** 12 random bytes: 16 base64url characters. */
export function newTokenId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(12)));
}

/**
 * `<playerId>.<tokenId>.<keyId>.<HMAC(playerId.tokenId)>`, signed with the current secret. The server
 * recomputes the MAC on every request, so no token is ever stored.
 */
export async function playerToken(
  secret: TokenSecret,
  id: PlayerId,
  tokenId: string = newTokenId(),
): Promise<string> {
  const signed = `${id}.${tokenId}`;
  return `${signed}.${await keyIdOf(secret.current)}.${await sign(secret.current, PURPOSE, signed)}`;
}

/**
 * What a bearer token names, or null when it is malformed, names a key that is not ours, or its MAC does not
 * verify. Tokens of the earlier `<playerId>.<mac>` format are still accepted under either secret. No
 * database read; the MAC comparison is constant-time.
 */
export async function verifyPlayerToken(
  secret: TokenSecret,
  token: string,
): Promise<VerifiedPlayerToken | null> {
  const parts = token.split('.');
  if (parts.length === 4) return verifyCurrentFormat(secret, parts as [string, string, string, string]);
  if (parts.length === 2) return verifyLegacyFormat(secret, parts as [string, string]);
  return null;
}

async function verifyCurrentFormat(
  secret: TokenSecret,
  [playerId, tokenId, keyId, mac]: [string, string, string, string],
): Promise<VerifiedPlayerToken | null> {
  if (!UUID.test(playerId) || !TOKEN_ID.test(tokenId) || !KEY_ID.test(keyId)) return null;
  const key = await secretNamed(secret, keyId);
  if (key === null || !(await verify(key, PURPOSE, `${playerId}.${tokenId}`, mac))) return null;
  return { playerId: playerId as PlayerId, tokenId, keyId };
}

async function verifyLegacyFormat(
  secret: TokenSecret,
  [playerId, mac]: [string, string],
): Promise<VerifiedPlayerToken | null> {
  if (!UUID.test(playerId)) return null;
  for (const key of verifyingSecrets(secret)) {
    if (await verify(key, PURPOSE, playerId, mac)) {
      return { playerId: playerId as PlayerId, tokenId: LEGACY_TOKEN_ID, keyId: await keyIdOf(key) };
    }
  }
  return null;
}
