import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../src/push/base64url.js';
import { encryptForSubscription, MAX_PLAINTEXT_BYTES } from '../../src/push/encrypt.js';

/** A browser's subscription keys, as a browser makes them. */
async function browserKeys(): Promise<{ p256dh: string; auth: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const point = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { p256dh: toBase64Url(point), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
}

describe('a push body (RFC 8291, aes128gcm)', () => {
  it('is 4096 bytes, starting with a fresh salt, the record size and the sender key as a 65-byte key id', async () => {
    const keys = await browserKeys();
    const message = new TextEncoder().encode('{"kind":"reminder"}');
    const [one, two] = [
      await encryptForSubscription(message, keys),
      await encryptForSubscription(message, keys),
    ];
    const view = new DataView(one.buffer);
    expect(view.getUint32(16)).toBe(4096);
    expect(one[20]).toBe(65);
    expect(one[21]).toBe(0x04);
    // Padded: every push is the 4096 bytes a push service must accept, whatever it says.
    expect(one.length).toBe(4096);
    expect((await encryptForSubscription(new Uint8Array(0), keys)).length).toBe(4096);
    expect(toBase64Url(one.subarray(0, 16))).not.toBe(toBase64Url(two?.subarray(0, 16) ?? new Uint8Array()));
    expect(toBase64Url(one.subarray(21, 86))).not.toBe(
      toBase64Url(two?.subarray(21, 86) ?? new Uint8Array()),
    );
  });

  it('refuses a message longer than one record holds, and keys that are not base64url', async () => {
    const keys = await browserKeys();
    await expect(encryptForSubscription(new Uint8Array(MAX_PLAINTEXT_BYTES), keys)).resolves.toBeDefined();
    await expect(encryptForSubscription(new Uint8Array(MAX_PLAINTEXT_BYTES + 1), keys)).rejects.toThrow(
      RangeError,
    );
    await expect(
      encryptForSubscription(new Uint8Array(1), { ...keys, auth: 'not base64url!' }),
    ).rejects.toThrow(TypeError);
  });
});
