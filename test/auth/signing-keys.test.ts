import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_ID, keyIdOf, secretNamed, verifyingSecrets } from '../../src/auth/signing-keys.js';

const CURRENT = 'current-secret-0123456789abcdef0123456789';
const PREVIOUS = 'previous-secret-0123456789abcdef012345678';
const OTHER = 'other-secret-0123456789abcdef0123456789ab';

describe('key ids', () => {
  it('are the first 8 characters of the secret’s HMAC for the purpose "key-id"', async () => {
    const mac = createHmac('sha256', CURRENT).update('key-id\n').digest('base64url');
    expect(await keyIdOf(CURRENT)).toBe(mac.slice(0, 8));
  });

  it('differ between two secrets', async () => {
    expect(await keyIdOf(CURRENT)).not.toBe(await keyIdOf(PREVIOUS));
  });

  it('match the key id shape: 8 base64url characters', async () => {
    expect(KEY_ID.test(await keyIdOf(CURRENT))).toBe(true);
    expect(KEY_ID.test('Ab-_0123')).toBe(true);
  });

  it.each([
    ['7 characters', 'Ab-_012'],
    ['9 characters', 'Ab-_01234'],
    ['a + sign', 'Ab+_0123'],
  ])('are refused with %s', (_, id) => {
    expect(KEY_ID.test(id)).toBe(false);
  });
});

describe('the verifying secrets', () => {
  it('are the current one alone without a rotation', () => {
    expect(verifyingSecrets({ current: CURRENT })).toEqual([CURRENT]);
  });

  it('are the current one then the previous one during a rotation', () => {
    expect(verifyingSecrets({ current: CURRENT, previous: PREVIOUS })).toEqual([CURRENT, PREVIOUS]);
  });
});

describe('the secret a key id names', () => {
  const rotating = { current: CURRENT, previous: PREVIOUS };

  it('is the current secret for its id', async () => {
    expect(await secretNamed(rotating, await keyIdOf(CURRENT))).toBe(CURRENT);
  });

  it('is the previous secret for its id during a rotation', async () => {
    expect(await secretNamed(rotating, await keyIdOf(PREVIOUS))).toBe(PREVIOUS);
  });

  it('is none for the previous secret’s id once the rotation is over', async () => {
    expect(await secretNamed({ current: CURRENT }, await keyIdOf(PREVIOUS))).toBeNull();
  });

  it('is none for a secret that is not ours', async () => {
    expect(await secretNamed(rotating, await keyIdOf(OTHER))).toBeNull();
  });
});
