import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newShortCode, normalShortCode, shortCodeHash } from '../../src/auth/short-codes.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('new short codes', () => {
  it('are ten of Crockford’s base32 characters in two groups of five', () => {
    expect(newShortCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  });

  it('use all 32 characters of the alphabet', () => {
    // 300 codes hold 3,000 characters: the chance that one of 32 is missing is below 1e-40.
    const seen = new Set(Array.from({ length: 300 }, () => newShortCode().replace('-', '')).join(''));
    expect([...seen].sort().join('')).toBe(CROCKFORD);
  });

  it('read back as themselves without the dash', () => {
    const code = newShortCode();
    expect(normalShortCode(code)).toBe(code.replace('-', ''));
  });
});

describe('reading a typed short code', () => {
  it('forgives lower case, spaces, tabs and dashes', () => {
    expect(normalShortCode(' abcde -\tfghjk ')).toBe('ABCDEFGHJK');
  });

  it('reads every O as 0, and every I and L as 1', () => {
    expect(normalShortCode('OOIIL-lioAB')).toBe('00111110AB');
  });

  it('refuses nine characters', () => {
    expect(normalShortCode('ABCDE-FGHJ')).toBeNull();
  });

  it('accepts ten characters', () => {
    expect(normalShortCode('ABCDE-FGHJK')).toBe('ABCDEFGHJK');
  });

  it('refuses eleven characters', () => {
    expect(normalShortCode('ABCDE-FGHJKM')).toBeNull();
  });

  it('refuses U, which the alphabet leaves out', () => {
    expect(normalShortCode('UBCDE-FGHJK')).toBeNull();
  });

  it('refuses a character outside the alphabet at the end', () => {
    expect(normalShortCode('ABCDE-FGHJ*')).toBeNull();
  });
});

describe('stored short codes', () => {
  it('are the SHA-256 of the canonical code in 64 hex digits', async () => {
    const expected = createHash('sha256').update('ABCDEFGHJK').digest('hex');
    expect(await shortCodeHash('ABCDEFGHJK')).toBe(expected);
  });

  it('keep the leading zero of a byte below 16', async () => {
    // The SHA-256 of "A0" holds the byte 0x02, written "02".
    const hash = await shortCodeHash('A0');
    expect(hash).toBe(createHash('sha256').update('A0').digest('hex'));
    expect(hash).toHaveLength(64);
  });
});
