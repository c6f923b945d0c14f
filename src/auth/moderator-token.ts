import { toBase64Url } from './base64url.js';

/**
 * A moderator's bearer token: 256 random bits behind a prefix that says what it is (`dpm_`), so one pasted
 * into the wrong place is recognisable. It is shown once; the server keeps only its SHA-256 and finds the
 * moderator by it, so the table holds nothing that signs in.
 */
const PREFIX = 'dpm_';

export function newModeratorToken(): string {
  return `${PREFIX}${toBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
}

/** What is stored of a token: its SHA-256, base64url. A random 256-bit token needs no salt or stretching. */
export async function moderatorTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return toBase64Url(new Uint8Array(digest));
}

/** Whether a bearer token has a moderator token's shape (anything else is not looked up). */
export function looksLikeModeratorToken(token: string): boolean {
  return /^dpm_[A-Za-z0-9_-]{43}$/.test(token);
}
