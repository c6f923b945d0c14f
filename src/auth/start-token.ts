import { fromBase64Url, toBase64Url } from './base64url.js';
import { sign, verify } from './hmac.js';
import type { PlayerId } from './player-token.js';
import { KEY_ID, keyIdOf, secretNamed, type TokenSecret, verifyingSecrets } from './signing-keys.js';

const PURPOSE = 'start';

/** Start tokens older than this are refused: a daily puzzle is ranked for at most about two days anyway. */
export const START_TOKEN_TTL_MS = 3 * 24 * 3_600_000;

/** What the server saw when a player first fetched a puzzle. */
export interface StartClaim {
  playerId: PlayerId;
  puzzleId: string;
  /** Server time (ms since epoch) at which the puzzle was served. */
  startedAt: number;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** `<claim>.<keyId>.<HMAC(claim)>`, signed with the current secret. */
export async function startToken(secret: TokenSecret, claim: StartClaim): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify([claim.playerId, claim.puzzleId, claim.startedAt])));
  return `${body}.${await keyIdOf(secret.current)}.${await sign(secret.current, PURPOSE, body)}`;
}

/**
 * Whether a token's MAC is ours: checked with the secret its key id names, or, for the earlier
 * `<claim>.<mac>` format (issued before key ids), with either secret.
 */
async function signedByUs(secret: TokenSecret, parts: [string, string] | [string, string, string]) {
  if (parts.length === 2) {
    const [body, mac] = parts;
    for (const key of verifyingSecrets(secret)) if (await verify(key, PURPOSE, body, mac)) return true;
    return false;
  }
  const [body, keyId, mac] = parts;
  const key = KEY_ID.test(keyId) ? await secretNamed(secret, keyId) : null;
  return key !== null && (await verify(key, PURPOSE, body, mac));
}

export type StartTokenVerdict =
  | { ok: true; claim: StartClaim }
  | {
      ok: false;
      reason: 'malformed' | 'forged' | 'other_player' | 'other_puzzle' | 'expired' | 'from_future';
    };

/** A signed claim's fields, or null when its body is not base64url of JSON (a signature does not make it so). */
function claimFields(body: string): unknown {
  const bytes = fromBase64Url(body);
  if (!bytes) return null;
  try {
    return JSON.parse(decoder.decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

export async function verifyStartToken(
  secret: TokenSecret,
  token: string,
  expected: { playerId: PlayerId; puzzleId: string; now: number },
): Promise<StartTokenVerdict> {
  const parts = token.split('.');
  const body = parts[0];
  if (!body || (parts.length !== 2 && parts.length !== 3) || parts.includes('')) {
    return { ok: false, reason: 'malformed' };
  }
  if (!(await signedByUs(secret, parts as [string, string] | [string, string, string]))) {
    return { ok: false, reason: 'forged' };
  }
  const fields = claimFields(body);
  if (
    !Array.isArray(fields) ||
    typeof fields[0] !== 'string' ||
    typeof fields[1] !== 'string' ||
    typeof fields[2] !== 'number'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const claim: StartClaim = { playerId: fields[0] as PlayerId, puzzleId: fields[1], startedAt: fields[2] };
  if (claim.playerId !== expected.playerId) return { ok: false, reason: 'other_player' };
  if (claim.puzzleId !== expected.puzzleId) return { ok: false, reason: 'other_puzzle' };
  if (claim.startedAt > expected.now + 60_000) return { ok: false, reason: 'from_future' };
  if (expected.now - claim.startedAt > START_TOKEN_TTL_MS) return { ok: false, reason: 'expired' };
  return { ok: true, claim };
}
