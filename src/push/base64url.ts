/**
 * Base64url as Web Push writes keys (RFC 8291 §3.2, RFC 8292 §3.2): without padding. Only the canonical
 * spelling is read, so that a key has one text. src/push imports nothing of the rest of src/ (its layering
 * test), so it keeps this copy of what src/auth/base64url.ts does for tokens; keys are read once per
 * configuration and per subscription, not on a hot path.
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  return toBase64Url(bytes) === text ? bytes : null;
}

export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
