import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { sweepIdempotencyKeys } from '../../src/play/idempotency-sweep.js';
import { appAt } from '../support/app.js';
import { register, someAddress } from '../support/play.js';

const at = '2026-11-29T12:00:00.000Z';

/** A POST of `body` as JSON at `when`, with `key` as its Idempotency-Key and `headers` besides. */
function post(when: string, path: string, key: string, body: unknown, headers: Record<string, string>) {
  return appAt(when)(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': key, ...headers },
    body: JSON.stringify(body),
  });
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const playersNamed = (name: string) =>
  count('SELECT count(*) AS n FROM players WHERE display_name = ?', name);
const groupsNamed = (name: string) => count('SELECT count(*) AS n FROM groups WHERE name = ?', name);
const codesOf = (playerId: string) =>
  count('SELECT count(*) AS n FROM link_codes WHERE player_id = ?', playerId);

const later = (hours: number, ms = 0) => new Date(Date.parse(at) + hours * 3_600_000 + ms).toISOString();

describe('Idempotency-Key on creating POSTs', () => {
  it('answers a retry with the first answer, marked as replayed, and creates one player', async () => {
    const address = someAddress();
    const first = await post(at, '/v1/players', 'reg-1', { displayName: 'Once Only' }, address);
    const again = await post(at, '/v1/players', 'reg-1', { displayName: 'Once Only' }, address);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await playersNamed('Once Only')).toBe(1);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused', async () => {
    const address = someAddress();
    await post(at, '/v1/players', 'reg-2', { displayName: 'First Body' }, address);
    const other = await post(at, '/v1/players', 'reg-2', { displayName: 'Second Body' }, address);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    expect(await playersNamed('Second Body')).toBe(0);
  });

  it('creates one player from ten concurrent copies of one request', async () => {
    const address = someAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(at, '/v1/players', 'reg-3', { displayName: 'Ten At Once' }, address),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    expect(await playersNamed('Ten At Once')).toBe(1);
  });

  it('answers a copy still in flight with 409 idempotency_key_in_use', async () => {
    const address = someAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(at, '/v1/players', 'reg-4', { displayName: 'In Flight' }, address),
      ),
    );
    const refused = answers.filter((a) => a.status === 409);
    for (const answer of refused) {
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
        'idempotency_key_in_use',
      );
    }
    expect(answers.filter((a) => a.status === 201).length + refused.length).toBe(10);
  });

  it('creates one group from ten concurrent copies of one request', async () => {
    const owner = await register(at, 'Group Maker');
    const auth = { Authorization: `Bearer ${owner.token}`, ...someAddress() };
    await Promise.all(
      Array.from({ length: 10 }, () => post(at, '/v1/groups', 'group-1', { name: 'Exactly One' }, auth)),
    );
    expect(await groupsNamed('Exactly One')).toBe(1);
  });

  it('creates one link code from ten concurrent copies of one request', async () => {
    const owner = await register(at, 'Code Maker');
    const auth = { Authorization: `Bearer ${owner.token}`, ...someAddress() };
    await Promise.all(
      Array.from({ length: 10 }, () => post(at, '/v1/players/me/link-codes', 'code-1', {}, auth)),
    );
    expect(await codesOf(owner.player.id)).toBe(1);
  });

  it("keeps keys per caller: another player's same key makes its own group", async () => {
    const [a, b] = [await register(at, 'Keeper A'), await register(at, 'Keeper B')];
    for (const player of [a, b]) {
      const res = await post(
        at,
        '/v1/groups',
        'shared-key',
        { name: 'Per Caller' },
        {
          Authorization: `Bearer ${player.token}`,
          ...someAddress(),
        },
      );
      expect([res.status, res.headers.get('Idempotent-Replayed')]).toEqual([201, null]);
    }
    expect(await groupsNamed('Per Caller')).toBe(2);
  });

  it('replays until 24 hours have passed on the clock, and runs the request again from then', async () => {
    const address = someAddress();
    await post(at, '/v1/players', 'reg-5', { displayName: 'Day Long' }, address);
    const before = await post(later(24, -1), '/v1/players', 'reg-5', { displayName: 'Day Long' }, address);
    expect(before.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await playersNamed('Day Long')).toBe(1);
    const after = await post(later(24), '/v1/players', 'reg-5', { displayName: 'Day Long' }, address);
    expect([after.status, after.headers.get('Idempotent-Replayed')]).toEqual([201, null]);
    expect(await playersNamed('Day Long')).toBe(2);
  });

  it('keeps no refusal: a request refused with 400 may be retried with the same key', async () => {
    const address = someAddress();
    const refused = await post(at, '/v1/players', 'reg-6', { displayName: 'x' }, address);
    expect(refused.status).toBe(400);
    const retried = await post(at, '/v1/players', 'reg-6', { displayName: 'x' }, address);
    expect([retried.status, retried.headers.get('Idempotent-Replayed')]).toEqual([400, null]);
    const fixed = await post(at, '/v1/players', 'reg-6', { displayName: 'Fixed Name' }, address);
    expect(fixed.status).toBe(201);
  });

  it('keeps the answer sealed: the stored row does not hold the new token', async () => {
    const address = someAddress();
    const res = await post(at, '/v1/players', 'reg-7', { displayName: 'Sealed Token' }, address);
    const { token } = (await res.json()) as { token: string };
    const row = await env.DB.prepare(
      "SELECT response_body AS body FROM idempotency_keys WHERE key = 'reg-7'",
    ).first<{
      body: string;
    }>();
    expect(row?.body).toBeTruthy();
    expect(row?.body).not.toContain(token);
    expect(row?.body).not.toContain('Sealed Token');
  });

  it("deletes a player's keys with the player", async () => {
    const player = await register(at, 'Leaving Soon');
    const auth = { Authorization: `Bearer ${player.token}`, ...someAddress() };
    await post(at, '/v1/groups', 'group-gone', { name: 'Left Behind' }, auth);
    const gone = await appAt(at)('/v1/players/me', { method: 'DELETE', headers: auth });
    expect(gone.status).toBe(204);
    expect(
      await count('SELECT count(*) AS n FROM idempotency_keys WHERE scope = ?', `player:${player.player.id}`),
    ).toBe(0);
  });

  it('takes over a key left in flight for 5 minutes (its request lost), and not 1 ms sooner', async () => {
    const address = someAddress();
    const scope = `address:${address['CF-Connecting-IP']}`;
    const body = JSON.stringify({ displayName: 'Lost Request' });
    const hash = [
      ...new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`POST\n/v1/players\n${body}`)),
      ),
    ]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const leftAt = (ms: number) => new Date(Date.parse(at) - ms).toISOString();
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES (?, 'lost', ?, ?)",
    )
      .bind(scope, hash, leftAt(5 * 60_000 - 1))
      .run();
    const early = await post(at, '/v1/players', 'lost', { displayName: 'Lost Request' }, address);
    expect(early.status).toBe(409);
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = ? WHERE scope = ? AND key = 'lost'")
      .bind(leftAt(5 * 60_000), scope)
      .run();
    const taken = await post(at, '/v1/players', 'lost', { displayName: 'Lost Request' }, address);
    expect(taken.status).toBe(201);
  });

  it('runs as usual without the header', async () => {
    const res = await appAt(at)('/v1/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...someAddress() },
      body: JSON.stringify({ displayName: 'No Key' }),
    });
    expect([res.status, res.headers.get('Idempotent-Replayed')]).toEqual([201, null]);
  });

  it('refuses a key longer than 255 characters with 400 invalid_idempotency_key', async () => {
    const res = await post(at, '/v1/players', 'k'.repeat(256), {}, someAddress());
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_idempotency_key');
  });

  it('accepts a key of exactly 255 characters', async () => {
    const res = await post(at, '/v1/players', 'k'.repeat(255), {}, someAddress());
    expect(res.status).toBe(201);
  });

  it("sweeps keys past their 24 hours (the daily cron's step) and keeps the day's", async () => {
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (scope, key, request_hash, status, created_at) VALUES ('address:sweep', 'old', 'h', 201, ?), ('address:sweep', 'new', 'h', 201, ?)",
    )
      .bind(
        new Date(Date.now() - 25 * 3_600_000).toISOString(),
        new Date(Date.now() - 3_600_000).toISOString(),
      )
      .run();
    expect(await sweepIdempotencyKeys(createDb(env.DB), new Date())).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("SELECT key FROM idempotency_keys WHERE scope = 'address:sweep'").all<{
      key: string;
    }>();
    expect(left.results.map((r) => r.key)).toEqual(['new']);
  });
});
