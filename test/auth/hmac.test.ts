import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../src/auth/base64url.js';
import { sign, verify } from '../../src/auth/hmac.js';

const SECRET = 'hmac-test-secret-0123456789abcdef0123';
const nodeMac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

describe('base64url', () => {
  it('writes - and _ where base64 has + and /, and drops the padding', () => {
    // base64 reads these bytes as "+/+/" and "+/8=".
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it('reads back every byte value it wrote', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
  });

  it('reads - and _ as the bytes base64 writes as + and /', () => {
    expect(fromBase64Url('-_-_')).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
  });

  it.each([
    ['a + after valid characters', 'AB+/'],
    ['a / before valid characters', '/+AB'],
    ['padding', 'AB=='],
    ['a space', 'AB CD'],
  ])('refuses %s', (_, text) => {
    expect(fromBase64Url(text)).toBeNull();
  });

  it('refuses a length no byte string has', () => {
    expect(fromBase64Url('ABCDE')).toBeNull();
  });
});

describe('HMAC signatures', () => {
  it('are HMAC-SHA256 of the purpose and the message on two lines, in base64url', async () => {
    expect(await sign(SECRET, 'purpose', 'the message')).toBe(nodeMac(SECRET, 'purpose\nthe message'));
  });

  it('verify for the secret, purpose and message they were made with', async () => {
    const mac = await sign(SECRET, 'purpose', 'the message');
    expect(await verify(SECRET, 'purpose', 'the message', mac)).toBe(true);
  });

  it('do not verify for another purpose', async () => {
    const mac = await sign(SECRET, 'purpose', 'the message');
    expect(await verify(SECRET, 'other', 'the message', mac)).toBe(false);
  });

  it('do not verify for another message', async () => {
    const mac = await sign(SECRET, 'purpose', 'the message');
    expect(await verify(SECRET, 'purpose', 'the messagE', mac)).toBe(false);
  });

  it('do not verify under another secret', async () => {
    const mac = await sign(SECRET, 'purpose', 'the message');
    expect(await verify(`${SECRET}x`, 'purpose', 'the message', mac)).toBe(false);
  });

  it('of 31 or 33 bytes are refused, the 32 of the true one kept', async () => {
    const bytes = fromBase64Url(await sign(SECRET, 'purpose', 'm')) as Uint8Array;
    expect(bytes).toHaveLength(32);
    const short = toBase64Url(bytes.subarray(0, 31));
    const long = toBase64Url(Uint8Array.from([...bytes, 0]));
    expect(await verify(SECRET, 'purpose', 'm', short)).toBe(false);
    expect(await verify(SECRET, 'purpose', 'm', long)).toBe(false);
  });

  it('that are not base64url are refused without throwing', async () => {
    expect(await verify(SECRET, 'purpose', 'm', '+'.repeat(43))).toBe(false);
  });
});
