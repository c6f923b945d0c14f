import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../src/auth/base64url.js';
import { sign } from '../../src/auth/hmac.js';
import { newPlayerId } from '../../src/auth/player-token.js';
import { keyIdOf } from '../../src/auth/signing-keys.js';
import { START_TOKEN_TTL_MS, startToken, verifyStartToken } from '../../src/auth/start-token.js';
import { tokenSpellings } from '../support/base64url.js';

const OLD = 'old-token-secret-0123456789abcdef0123456789';
const NEW = 'new-token-secret-0123456789abcdef0123456789';
const rotating = { current: NEW, previous: OLD };
const playerId = newPlayerId();
const puzzleId = '2026-11-29:sudoku:easy';
const startedAt = Date.parse('2026-11-29T12:00:00Z');
const expected = { playerId, puzzleId, now: startedAt + 60_000 };

describe('start tokens', () => {
  it('read <claim>.<keyId>.<mac>, naming the current key', async () => {
    const token = await startToken(rotating, { playerId, puzzleId, startedAt });
    const [, keyId, mac] = token.split('.');
    expect(keyId).toBe(await keyIdOf(NEW));
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyStartToken({ current: NEW }, token, expected)).toMatchObject({ ok: true });
  });

  it('signed with the previous secret stay valid while it is set, and are forged after', async () => {
    const token = await startToken({ current: OLD }, { playerId, puzzleId, startedAt });
    expect(await verifyStartToken(rotating, token, expected)).toMatchObject({ ok: true });
    expect(await verifyStartToken({ current: NEW }, token, expected)).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('naming a key that is not ours are forged', async () => {
    const [body, , mac] = (await startToken({ current: NEW }, { playerId, puzzleId, startedAt })).split('.');
    const verdict = await verifyStartToken(rotating, `${body}.AAAAAAAA.${mac}`, expected);
    expect(verdict).toEqual({ ok: false, reason: 'forged' });
  });

  it('of the earlier <claim>.<mac> format still verify under either secret', async () => {
    const body = toBase64Url(new TextEncoder().encode(JSON.stringify([playerId, puzzleId, startedAt])));
    for (const secret of [OLD, NEW]) {
      const legacy = `${body}.${await sign(secret, 'start', body)}`;
      expect(await verifyStartToken(rotating, legacy, expected)).toMatchObject({ ok: true });
    }
  });

  it('are malformed, not an error, when a correctly signed claim is not JSON', async () => {
    const body = toBase64Url(new TextEncoder().encode('not json ['));
    const token = `${body}.${await keyIdOf(NEW)}.${await sign(NEW, 'start', body)}`;
    expect(await verifyStartToken(rotating, token, expected)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('are malformed with too many or empty parts', async () => {
    const token = await startToken({ current: NEW }, { playerId, puzzleId, startedAt });
    for (const bad of [`${token}.x`, `${token.split('.')[0]}..x`, 'x', '']) {
      expect(await verifyStartToken(rotating, bad, expected), bad).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('are accepted with the canonical last character of their MAC only, of the four that decode alike', async () => {
    const token = await startToken({ current: NEW }, { playerId, puzzleId, startedAt });
    const [canonical, ...others] = tokenSpellings(token);
    expect(canonical).toBe(token);
    expect((await verifyStartToken({ current: NEW }, token, expected)).ok).toBe(true);
    expect(others).toHaveLength(3);
    for (const other of others) {
      expect(await verifyStartToken({ current: NEW }, other, expected), other).toEqual({
        ok: false,
        reason: 'forged',
      });
    }
  });

  it('of the earlier format are accepted with the canonical last character of their MAC only', async () => {
    const body = (await startToken({ current: OLD }, { playerId, puzzleId, startedAt })).split('.')[0] ?? '';
    const legacy = `${body}.${await sign(OLD, 'start', body)}`;
    const [canonical, ...others] = tokenSpellings(legacy);
    expect((await verifyStartToken(rotating, canonical ?? '', expected)).ok).toBe(true);
    for (const other of others)
      expect((await verifyStartToken(rotating, other, expected)).ok, other).toBe(false);
  });
});

/** A current-format token over any JSON body, signed with NEW: what only the server could make. */
async function signedBody(json: unknown): Promise<string> {
  const body = toBase64Url(new TextEncoder().encode(JSON.stringify(json)));
  return `${body}.${await keyIdOf(NEW)}.${await sign(NEW, 'start', body)}`;
}

describe('a start token’s claim', () => {
  const token = () => startToken({ current: NEW }, { playerId, puzzleId, startedAt });

  it('gives back the player, the puzzle and the start it was issued for', async () => {
    expect(await verifyStartToken({ current: NEW }, await token(), expected)).toEqual({
      ok: true,
      claim: { playerId, puzzleId, startedAt },
    });
  });

  it('is another player’s when the expected player differs', async () => {
    expect(
      await verifyStartToken({ current: NEW }, await token(), { ...expected, playerId: newPlayerId() }),
    ).toEqual({ ok: false, reason: 'other_player' });
  });

  it('is another puzzle’s when the expected puzzle differs', async () => {
    expect(
      await verifyStartToken({ current: NEW }, await token(), {
        ...expected,
        puzzleId: '2026-11-29:sudoku:hard',
      }),
    ).toEqual({ ok: false, reason: 'other_puzzle' });
  });

  it('is fine at exactly the TTL of three days and expired 1 ms after it', async () => {
    expect(START_TOKEN_TTL_MS).toBe(3 * 24 * 3_600_000);
    const t = await token();
    const verdictAt = (now: number) => verifyStartToken({ current: NEW }, t, { ...expected, now });
    expect((await verdictAt(startedAt + START_TOKEN_TTL_MS - 1)).ok).toBe(true);
    expect((await verdictAt(startedAt + START_TOKEN_TTL_MS)).ok).toBe(true);
    expect(await verdictAt(startedAt + START_TOKEN_TTL_MS + 1)).toEqual({ ok: false, reason: 'expired' });
  });

  it('is from the future more than a minute ahead of the server’s clock: at 60,001 ms, not 60,000 or 59,999', async () => {
    const t = await token();
    const verdictAt = (now: number) => verifyStartToken({ current: NEW }, t, { ...expected, now });
    expect(await verdictAt(startedAt - 60_001)).toEqual({ ok: false, reason: 'from_future' });
    expect((await verdictAt(startedAt - 60_000)).ok).toBe(true);
    expect((await verdictAt(startedAt - 59_999)).ok).toBe(true);
  });

  it('is malformed, though signed, unless it is a list of a player string, a puzzle string and a number', async () => {
    for (const json of [
      { playerId, puzzleId, startedAt },
      [1, puzzleId, startedAt],
      [playerId, 2, startedAt],
      [playerId, puzzleId, String(startedAt)],
      [playerId, puzzleId],
      null,
    ]) {
      expect(
        await verifyStartToken({ current: NEW }, await signedBody(json), expected),
        JSON.stringify(json),
      ).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
    expect(
      (await verifyStartToken({ current: NEW }, await signedBody([playerId, puzzleId, startedAt]), expected))
        .ok,
    ).toBe(true);
  });

  it('is malformed, though signed, when its body is not base64url', async () => {
    const body = 'not+base64';
    const t = `${body}.${await keyIdOf(NEW)}.${await sign(NEW, 'start', body)}`;
    expect(await verifyStartToken({ current: NEW }, t, expected)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('is forged when its key id is not a key id at all', async () => {
    const [body, , mac] = (await token()).split('.');
    expect(await verifyStartToken(rotating, `${body}.not-a-key-id.${mac}`, expected)).toEqual({
      ok: false,
      reason: 'forged',
    });
  });
});
