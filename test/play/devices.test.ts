import { describe, expect, it } from 'vitest';
import { normalShortCode } from '../../src/auth/short-codes.js';
import { ApiError } from '../../src/client/index.js';
import { clientAt } from '../support/client.js';
import { humanLogFor, register, solveAs, solveStored, submit } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';

async function newCode(token: string, when = at) {
  const api = clientAt(when, { token });
  const code = await api.createLinkCode();
  expect(api.responses.at(-1)?.status).toBe(201);
  return code;
}

/** Redeems `code` as a new device at `address`. */
async function redeem(code: string, when = at, address = '198.51.100.1') {
  const device = clientAt(when, { address });
  const linked = await device.link(code);
  expect(device.responses.at(-1)?.status).toBe(200);
  return linked;
}

/** The refusal of redeeming `code`, as the client reports it. */
async function refusal(code: string, when: string, address: string) {
  const error = await clientAt(when, { address })
    .link(code)
    .catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error(`${code} was redeemed`);
  return { status: error.status, code: error.code, message: error.message, details: error.details };
}

/** The status of redeeming `code` as a new device at `address`, accepted or refused. */
async function redemptionStatus(code: string, when: string, address: string) {
  const device = clientAt(when, { address });
  await device.link(code).catch(() => undefined);
  return device.responses.at(-1)?.status;
}

const me = (token: string) => clientAt(at, { token }).me();

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
    const linked = await redeem(code.toLowerCase().replace('-', ' '));
    expect(linked.player.id).toBe(first.player.id);
    expect(linked.token).not.toBe(first.token);
    const [a, b] = [await me(first.token), await me(linked.token)];
    expect(b).toEqual(a);
    expect(b.ratings).toHaveLength(1);
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
    await redeem(used);
    const expired = (await newCode(token)).code;
    const unknown = 'ZZZZZ-ZZZZZ';
    const refusals = [
      await refusal(used, at, '198.51.100.2'),
      await refusal(expired, '2026-11-29T12:10:01Z', '198.51.100.3'),
      await refusal(unknown, at, '198.51.100.4'),
      await refusal('not a code', at, '198.51.100.5'),
    ];
    for (const error of refusals) {
      expect(error.status).toBe(400);
      expect(error).toEqual(refusals[0]);
      expect(error.code).toBe('invalid_link_code');
    }
  });

  it('takes a code until 1 ms before its ten minutes end, and refuses it from the tenth minute on', async () => {
    const { token } = await register(at);
    const [last, atEnd, after] = [await newCode(token), await newCode(token), await newCode(token)];
    expect(last.expiresAt).toBe('2026-11-29T12:10:00.000Z');
    const statuses = [
      await redemptionStatus(last.code, '2026-11-29T12:09:59.999Z', '198.51.100.21'),
      await redemptionStatus(atEnd.code, '2026-11-29T12:10:00.000Z', '198.51.100.22'),
      await redemptionStatus(after.code, '2026-11-29T12:10:00.001Z', '198.51.100.23'),
    ];
    expect(statuses).toEqual([200, 400, 400]);
  });

  it('limits redemptions from one address', async () => {
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await redemptionStatus('ZZZZZ-ZZZZ1', at, '203.0.113.77'));
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("a player's tokens", () => {
  it('are listed one per device, the one in use marked, without the tokens themselves', async () => {
    const first = await register(at);
    const linked = await redeem((await newCode(first.token)).code, at, '198.51.100.9');
    const list = await clientAt(at, { token: linked.token }).tokens();
    expect(list.tokens.map((t) => [t.via, t.current])).toEqual([
      ['register', false],
      ['link', true],
    ]);
    expect(list.tokens.map((t) => t.id)).toEqual([first.token.split('.')[1], linked.token.split('.')[1]]);
    expect(JSON.stringify(list)).not.toContain(first.token);
  });

  it('can be revoked one by one: a revoked token is refused at once, the others keep working', async () => {
    const first = await register(at);
    const linked = await redeem((await newCode(first.token)).code, at, '198.51.100.10');
    const linkedId = linked.token.split('.')[1] as string;
    const firstDevice = clientAt(at, { token: first.token });
    await firstDevice.revokeToken(linkedId);
    expect(firstDevice.responses.at(-1)?.status).toBe(204);
    const linkedDevice = clientAt(at, { token: linked.token });
    await expect(linkedDevice.me()).rejects.toMatchObject({ status: 401 });
    await expect(linkedDevice.puzzle('2026-11-29', 'sudoku', 'easy')).rejects.toMatchObject({ status: 401 });
    await firstDevice.me();
    expect(firstDevice.responses.at(-1)?.status).toBe(200);
    await expect(firstDevice.revokeToken(linkedId)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a revoked token's submissions too, in the submission's own read", async () => {
    const first = await register(at);
    const linked = await redeem((await newCode(first.token)).code, at, '198.51.100.11');
    const linkedDevice = clientAt(at, { token: linked.token });
    await linkedDevice.puzzle('2026-11-29', 'signal', 'easy');
    const solution = await solveStored('2026-11-29', 'signal', 'easy');
    const log = await humanLogFor(
      linked.player.id,
      '2026-11-29/signal/easy',
      solution,
      '2026-11-29T12:04:00Z',
    );
    await linkedDevice.revokeToken(linked.token.split('.')[1] as string);
    const { status } = await submit('2026-11-29T12:04:00Z', linked.token, '2026-11-29/signal/easy', {
      solution,
      log,
    });
    expect(status).toBe(401);
  });
});
