import { describe, expect, it } from 'vitest';
import { normalShortCode } from '../../src/auth/short-codes.js';
import { appAt, type ErrorJson } from '../support/app.js';
import {
  bearer,
  humanLogFor,
  type NewPlayer,
  register,
  solveAs,
  solveStored,
  submit,
} from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const api = appAt(at);

async function newCode(token: string, when = at) {
  const res = await appAt(when)('/v1/players/me/link-codes', { method: 'POST', headers: bearer(token) });
  expect(res.status).toBe(201);
  return (await res.json()) as { code: string; expiresAt: string; expiresInSeconds: number };
}

async function redeem(code: string, when = at, address = '198.51.100.1') {
  return appAt(when)('/v1/players/link', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': address },
    body: JSON.stringify({ code }),
  });
}

async function me(token: string) {
  return api('/v1/players/me', { headers: bearer(token) });
}

describe('linking a second device', () => {
  it('gives the other device the same player, with the same ratings and streak, through a code', async () => {
    const first = await register(at, 'Two phones');
    await solveAs(first.token, {
      date: '2026-11-29',
      kind: 'loop',
      level: 'easy',
      fetchAt: at,
      submitAt: '2026-11-29T12:05:00Z',
    });
    const { code, expiresAt, expiresInSeconds } = await newCode(first.token);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect([expiresAt, expiresInSeconds]).toEqual(['2026-11-29T12:10:00.000Z', 600]);
    const res = await redeem(code.toLowerCase().replace('-', ' '));
    expect(res.status).toBe(200);
    const linked = (await res.json()) as NewPlayer;
    expect(linked.player.id).toBe(first.player.id);
    expect(linked.token).not.toBe(first.token);
    const [a, b] = [await (await me(first.token)).json(), await (await me(linked.token)).json()];
    expect(b).toEqual(a);
    expect((b as { ratings: unknown[] }).ratings).toHaveLength(1);
  });

  it('uses codes of 50 random bits from an alphabet without look-alikes, forgiving O for 0 and I or L for 1', () => {
    expect(normalShortCode('ab0de-fg1hk')).toBe(normalShortCode('ABODE FGIHK'));
    expect(normalShortCode('abcde-fghjl')).toBe('ABCDEFGHJ1');
    expect(normalShortCode('too-short')).toBeNull();
    expect(normalShortCode('UUUUU-UUUUU')).toBeNull();
  });

  it('refuses a used, an expired, an unknown and a mistyped code alike, saying nothing of which codes exist', async () => {
    const { token } = await register(at);
    const used = (await newCode(token)).code;
    expect((await redeem(used)).status).toBe(200);
    const expired = (await newCode(token)).code;
    const unknown = 'ZZZZZ-ZZZZZ';
    const answers = [
      await redeem(used, at, '198.51.100.2'),
      await redeem(expired, '2026-11-29T12:10:01Z', '198.51.100.3'),
      await redeem(unknown, at, '198.51.100.4'),
      await redeem('not a code', at, '198.51.100.5'),
    ];
    const bodies = await Promise.all(
      answers.map(async (r) => ({ status: r.status, body: (await r.json()) as ErrorJson })),
    );
    for (const { status, body } of bodies) {
      expect(status).toBe(400);
      expect(body.error).toEqual(bodies[0]?.body.error);
      expect(body.error.code).toBe('invalid_link_code');
    }
  });

  it('takes a code until 1 ms before its ten minutes end, and refuses it from the tenth minute on', async () => {
    const { token } = await register(at);
    const [last, atEnd, after] = [await newCode(token), await newCode(token), await newCode(token)];
    expect(last.expiresAt).toBe('2026-11-29T12:10:00.000Z');
    const statuses = [
      (await redeem(last.code, '2026-11-29T12:09:59.999Z', '198.51.100.21')).status,
      (await redeem(atEnd.code, '2026-11-29T12:10:00.000Z', '198.51.100.22')).status,
      (await redeem(after.code, '2026-11-29T12:10:00.001Z', '198.51.100.23')).status,
    ];
    expect(statuses).toEqual([200, 400, 400]);
  });

  it('limits redemptions from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await redeem('ZZZZZ-ZZZZ1', at, '203.0.113.77')).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("a player's tokens", () => {
  it('are listed one per device, the one in use marked, without the tokens themselves', async () => {
    const first = await register(at);
    const linked = (await (
      await redeem((await newCode(first.token)).code, at, '198.51.100.9')
    ).json()) as NewPlayer;
    const list = (await (await api('/v1/players/me/tokens', { headers: bearer(linked.token) })).json()) as {
      tokens: { id: string; via: string; current: boolean }[];
    };
    expect(list.tokens.map((t) => [t.via, t.current])).toEqual([
      ['register', false],
      ['link', true],
    ]);
    expect(list.tokens.map((t) => t.id)).toEqual([first.token.split('.')[1], linked.token.split('.')[1]]);
    expect(JSON.stringify(list)).not.toContain(first.token);
  });

  it('can be revoked one by one: a revoked token is refused at once, the others keep working', async () => {
    const first = await register(at);
    const linked = (await (
      await redeem((await newCode(first.token)).code, at, '198.51.100.10')
    ).json()) as NewPlayer;
    const linkedId = linked.token.split('.')[1];
    const res = await api(`/v1/players/me/tokens/${linkedId}`, {
      method: 'DELETE',
      headers: bearer(first.token),
    });
    expect(res.status).toBe(204);
    expect((await me(linked.token)).status).toBe(401);
    expect((await api('/v1/puzzles/2026-11-29/sudoku/easy', { headers: bearer(linked.token) })).status).toBe(
      401,
    );
    expect((await me(first.token)).status).toBe(200);
    const again = await api(`/v1/players/me/tokens/${linkedId}`, {
      method: 'DELETE',
      headers: bearer(first.token),
    });
    expect(again.status).toBe(404);
  });

  it("refuses a revoked token's submissions too, in the submission's own read", async () => {
    const first = await register(at);
    const linked = (await (
      await redeem((await newCode(first.token)).code, at, '198.51.100.11')
    ).json()) as NewPlayer;
    await api('/v1/puzzles/2026-11-29/signal/easy', { headers: bearer(linked.token) });
    const solution = await solveStored('2026-11-29', 'signal', 'easy');
    const log = await humanLogFor(
      linked.player.id,
      '2026-11-29/signal/easy',
      solution,
      '2026-11-29T12:04:00Z',
    );
    await api(`/v1/players/me/tokens/${linked.token.split('.')[1]}`, {
      method: 'DELETE',
      headers: bearer(linked.token),
    });
    const { status } = await submit('2026-11-29T12:04:00Z', linked.token, '2026-11-29/signal/easy', {
      solution,
      log,
    });
    expect(status).toBe(401);
  });
});
