import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../src/auth/base64url.js';
import { lastCharacterSpellings } from '../support/base64url.js';

describe('base64url decoding', () => {
  it('reads back what toBase64Url writes, for every length of a few bytes', () => {
    for (let length = 0; length <= 33; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      expect(fromBase64Url(toBase64Url(bytes)), String(length)).toEqual(bytes);
    }
  });

  it('accepts only the canonical one of the spellings a lenient decoder reads as the same bytes', () => {
    for (const length of [1, 2, 32]) {
      const canonical = toBase64Url(crypto.getRandomValues(new Uint8Array(length)));
      const [first, ...others] = lastCharacterSpellings(canonical);
      expect(first).toBe(canonical);
      expect(others).toHaveLength(length === 1 ? 15 : length === 2 ? 3 : 3);
      for (const other of others) expect(fromBase64Url(other), other).toBeNull();
    }
  });

  it('refuses padding, characters outside the alphabet and impossible lengths', () => {
    for (const bad of ['QQ==', 'QQ=', 'QUFB=', 'QU+B', 'QU/B', 'QU B', 'QUFB\n', 'Q', 'QUFBQ', 'é']) {
      expect(fromBase64Url(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
