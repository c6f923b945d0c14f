import { describe, expect, it } from 'vitest';
import { sign } from '../../src/auth/hmac.js';
import {
  LEGACY_TOKEN_ID,
  newPlayerId,
  type PlayerId,
  playerToken,
  verifyPlayerToken,
} from '../../src/auth/player-token.js';
import { keyIdOf } from '../../src/auth/signing-keys.js';
import { tokenSpellings } from '../support/base64url.js';

const OLD = 'old-token-secret-0123456789abcdef0123456789';
const NEW = 'new-token-secret-0123456789abcdef0123456789';
const rotating = { current: NEW, previous: OLD };

describe('player tokens', () => {
  it('read <playerId>.<tokenId>.<keyId>.<mac> and verify to all three', async () => {
    const id = newPlayerId();
    const token = await playerToken({ current: NEW }, id);
    const [playerId, tokenId, keyId, mac] = token.split('.');
    expect(playerId).toBe(id);
    expect(tokenId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(keyId).toBe(await keyIdOf(NEW));
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyPlayerToken({ current: NEW }, token)).toEqual({
      playerId: id,
      tokenId,
      keyId,
      scope: 'full',
    });
  });

  it('get a fresh token id each time one is issued', async () => {
    const id = newPlayerId();
    const ids = new Set<string | undefined>();
    for (let i = 0; i < 50; i++) ids.add((await playerToken({ current: NEW }, id)).split('.')[1]);
    expect(ids.size).toBe(50);
  });

  it('name their key by a short id that is the same for one secret and differs between two', async () => {
    const [a, b] = [await keyIdOf(OLD), await keyIdOf(NEW)];
    expect(a).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(a).not.toBe(b);
    expect(await keyIdOf(OLD)).toBe(a);
  });

  it('signed with the previous secret stay valid while TOKEN_SECRET_PREVIOUS is set, and not after', async () => {
    const id = newPlayerId();
    const token = await playerToken({ current: OLD }, id);
    expect(await verifyPlayerToken(rotating, token)).toMatchObject({
      playerId: id,
      keyId: await keyIdOf(OLD),
    });
    expect(await verifyPlayerToken({ current: NEW }, token)).toBeNull();
  });

  it('are issued with the current secret during a rotation', async () => {
    const token = await playerToken(rotating, newPlayerId());
    expect(token.split('.')[2]).toBe(await keyIdOf(NEW));
    expect(await verifyPlayerToken({ current: NEW }, token)).not.toBeNull();
  });

  it('are refused when they name a key id that is not ours, even with a MAC that is', async () => {
    const token = await playerToken({ current: NEW }, newPlayerId());
    const [playerId, tokenId, , mac] = token.split('.');
    expect(await verifyPlayerToken(rotating, `${playerId}.${tokenId}.AAAAAAAA.${mac}`)).toBeNull();
  });

  it('are refused when their key id is swapped for the other secret', async () => {
    const token = await playerToken({ current: OLD }, newPlayerId());
    const [playerId, tokenId, , mac] = token.split('.');
    const swapped = `${playerId}.${tokenId}.${await keyIdOf(NEW)}.${mac}`;
    expect(await verifyPlayerToken(rotating, swapped)).toBeNull();
  });

  it('are refused when the player id or the token id is changed', async () => {
    const token = await playerToken({ current: NEW }, newPlayerId());
    const [, tokenId, keyId, mac] = token.split('.');
    expect(
      await verifyPlayerToken({ current: NEW }, `${newPlayerId()}.${tokenId}.${keyId}.${mac}`),
    ).toBeNull();
    const otherTokenId = tokenId?.startsWith('A') ? `B${tokenId.slice(1)}` : `A${tokenId?.slice(1)}`;
    expect(
      await verifyPlayerToken({ current: NEW }, `${token.split('.')[0]}.${otherTokenId}.${keyId}.${mac}`),
    ).toBeNull();
  });

  it('of the earlier <playerId>.<mac> format still verify under either secret, as token id legacy', async () => {
    const id = newPlayerId();
    for (const secret of [OLD, NEW]) {
      const legacy = `${id}.${await sign(secret, 'player', id)}`;
      expect(await verifyPlayerToken(rotating, legacy)).toEqual({
        playerId: id,
        tokenId: LEGACY_TOKEN_ID,
        keyId: await keyIdOf(secret),
        scope: 'full',
      });
    }
    const retired = `${id}.${await sign(OLD, 'player', id)}`;
    expect(await verifyPlayerToken({ current: NEW }, retired)).toBeNull();
  });

  it('cannot be made from the MAC of an earlier-format token', async () => {
    const id = newPlayerId();
    const legacyMac = await sign(NEW, 'player', id);
    const forged = `${id}.AAAAAAAAAAAAAAAA.${await keyIdOf(NEW)}.${legacyMac}`;
    expect(await verifyPlayerToken({ current: NEW }, forged)).toBeNull();
  });

  it('are refused when malformed', async () => {
    const token = await playerToken({ current: NEW }, newPlayerId());
    const [playerId, tokenId, keyId, mac] = token.split('.');
    for (const bad of [
      '',
      playerId,
      `${playerId}.${tokenId}.${mac}`,
      `${token}.extra`,
      `${playerId?.toUpperCase()}.${tokenId}.${keyId}.${mac}`,
      `${playerId}.short.${keyId}.${mac}`,
      `${playerId}.${tokenId}.${keyId}.`,
      `not-a-uuid.${tokenId}.${keyId}.${mac}`,
    ]) {
      expect(await verifyPlayerToken(rotating, bad ?? ''), bad).toBeNull();
    }
  });

  it('are accepted with the canonical last character of their MAC only, of the four that decode alike', async () => {
    const token = await playerToken({ current: NEW }, newPlayerId());
    const [canonical, ...others] = tokenSpellings(token);
    expect(canonical).toBe(token);
    expect(others).toHaveLength(3);
    expect(await verifyPlayerToken({ current: NEW }, token)).not.toBeNull();
    for (const other of others) expect(await verifyPlayerToken({ current: NEW }, other), other).toBeNull();
  });

  it('of the earlier format are accepted with the canonical last character of their MAC only', async () => {
    const id = newPlayerId();
    const legacy = `${id}.${await sign(OLD, 'player', id)}`;
    const [canonical, ...others] = tokenSpellings(legacy);
    expect(await verifyPlayerToken(rotating, canonical ?? '')).not.toBeNull();
    for (const other of others) expect(await verifyPlayerToken(rotating, other), other).toBeNull();
  });

  it('are refused when signed by us over a player id that is not a lower-case UUID', async () => {
    const upper = newPlayerId().toUpperCase() as PlayerId;
    expect(await verifyPlayerToken({ current: NEW }, await playerToken({ current: NEW }, upper))).toBeNull();
    const legacy = `${upper}.${await sign(NEW, 'player', upper)}`;
    expect(await verifyPlayerToken({ current: NEW }, legacy)).toBeNull();
  });

  it('are refused when signed by us over a token id of 15 or 17 characters, and kept at 16', async () => {
    const id = newPlayerId();
    const verified = async (tokenId: string) =>
      verifyPlayerToken({ current: NEW }, await playerToken({ current: NEW }, id, tokenId));
    expect(await verified('A'.repeat(15))).toBeNull();
    expect(await verified('A'.repeat(16))).toEqual({
      playerId: id,
      tokenId: 'A'.repeat(16),
      keyId: await keyIdOf(NEW),
      scope: 'full',
    });
    expect(await verified('A'.repeat(17))).toBeNull();
    expect(await verified(`${'A'.repeat(15)}+`)).toBeNull();
  });

  it('are refused when signed by us over a player id with a character before or after its UUID', async () => {
    const id = newPlayerId();
    for (const bad of [`x${id}`, `${id}x`] as PlayerId[]) {
      expect(
        await verifyPlayerToken({ current: NEW }, await playerToken({ current: NEW }, bad)),
        bad,
      ).toBeNull();
      expect(
        await verifyPlayerToken({ current: NEW }, `${bad}.${await sign(NEW, 'player', bad)}`),
        bad,
      ).toBeNull();
    }
  });

  it('of the earlier format report the token id "legacy"', () => {
    expect(LEGACY_TOKEN_ID).toBe('legacy');
  });
});

describe('read tokens', () => {
  it('verify with scope read, their suffix signed with the rest', async () => {
    const id = newPlayerId();
    const token = await playerToken({ current: NEW }, id, 'B'.repeat(16), 'read');
    expect(token.endsWith('.read')).toBe(true);
    expect(await verifyPlayerToken({ current: NEW }, token)).toMatchObject({ playerId: id, scope: 'read' });
  });

  it('do not verify with the suffix cut off, and a full token does not verify with one added', async () => {
    const id = newPlayerId();
    const read = await playerToken({ current: NEW }, id, 'B'.repeat(16), 'read');
    const full = await playerToken({ current: NEW }, id, 'B'.repeat(16));
    expect(await verifyPlayerToken({ current: NEW }, read.slice(0, -'.read'.length))).toBeNull();
    expect(await verifyPlayerToken({ current: NEW }, `${full}.read`)).toBeNull();
  });
});
