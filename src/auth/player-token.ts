import { toBase64Url } from './base64url.js';
import { sign, verify } from './hmac.js';
import { KEY_ID, keyIdOf, secretNamed, type TokenSecret, verifyingSecrets } from './signing-keys.js';

declare const playerIdBrand: unique symbol;
/** A player's id: a random UUID. */
export type PlayerId = string & { readonly [playerIdBrand]: true };

/**
 * What a token may do: `full` everything its player may, `read` only read (history, stats, boards), for a
 * widget on another site that must not play, submit or change the player.
 */
export type TokenScope = 'full' | 'read';

/** The last part of a read token: signed with the rest, so it can be neither removed nor added to a full one. */
const READ_SUFFIX = 'read';

/** What a valid bearer token says: whose it is, which issue of it, which key signed it, and what it may do. */
export interface VerifiedPlayerToken {
  playerId: PlayerId;
  /** 16 base64url characters drawn when the token was issued; `legacy` for tokens made before token ids. */
  tokenId: string;
  keyId: string;
  scope: TokenScope;
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
 * `<playerId>.<tokenId>.<keyId>.<HMAC(playerId.tokenId)>`, signed with the current secret; a read token is
 * `<playerId>.<tokenId>.<keyId>.<HMAC(playerId.tokenId.read)>.read`. The server recomputes the MAC on every
 * request, so no token is ever stored.
 */
export async function playerToken(
  secret: TokenSecret,
  id: PlayerId,
  tokenId: string = newTokenId(),
  scope: TokenScope = 'full',
): Promise<string> {
  const signed = `${id}.${tokenId}`;
  const key = await keyIdOf(secret.current);
  if (scope === 'full') return `${signed}.${key}.${await sign(secret.current, PURPOSE, signed)}`;
  return `${signed}.${key}.${await sign(secret.current, PURPOSE, `${signed}.${READ_SUFFIX}`)}.${READ_SUFFIX}`;
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
  if (parts.length === 4)
    return verifyCurrentFormat(secret, parts as [string, string, string, string], 'full');
  if (parts.length === 5 && parts[4] === READ_SUFFIX) {
    return verifyCurrentFormat(secret, parts.slice(0, 4) as [string, string, string, string], 'read');
  }
  if (parts.length === 2) return verifyLegacyFormat(secret, parts as [string, string]);
  return null;
}

async function verifyCurrentFormat(
  secret: TokenSecret,
  [playerId, tokenId, keyId, mac]: [string, string, string, string],
  scope: TokenScope,
): Promise<VerifiedPlayerToken | null> {
  if (!UUID.test(playerId) || !TOKEN_ID.test(tokenId) || !KEY_ID.test(keyId)) return null;
  const key = await secretNamed(secret, keyId);
  const signed = scope === 'full' ? `${playerId}.${tokenId}` : `${playerId}.${tokenId}.${READ_SUFFIX}`;
  if (key === null || !(await verify(key, PURPOSE, signed, mac))) return null;
  return { playerId: playerId as PlayerId, tokenId, keyId, scope };
}

async function verifyLegacyFormat(
  secret: TokenSecret,
  [playerId, mac]: [string, string],
): Promise<VerifiedPlayerToken | null> {
  if (!UUID.test(playerId)) return null;
  for (const key of verifyingSecrets(secret)) {
    if (await verify(key, PURPOSE, playerId, mac)) {
      return {
        playerId: playerId as PlayerId,
        tokenId: LEGACY_TOKEN_ID,
        keyId: await keyIdOf(key),
        scope: 'full',
      };
    }
  }
  return null;
}
