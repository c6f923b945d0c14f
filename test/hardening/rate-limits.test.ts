import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { NewGroupSchema } from '../../src/contract/groups.js';
import type { LogEntry } from '../../src/engines/types.js';
import { ADMIN_LOCKOUT_SECONDS } from '../../src/http/admin-auth.js';
import { memoryLimiter, RATE_LIMITS, rateLimitBindings } from '../../src/http/rate-limit.js';
import { appAt } from '../support/app.js';
import { COMMITTED } from '../support/committed-config.js';
import { bodyOf, errorOf } from '../support/json.js';
import { limitedOn } from '../support/limiters.js';
import {
  bearer,
  humanLogFor,
  type NewPlayer,
  register,
  someAddress,
  startPuzzle,
  wrongSudoku,
} from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const DATE = '2026-11-29';
const json = { 'content-type': 'application/json' };

const from = (address: string) => ({ 'CF-Connecting-IP': address });

/** Sends `count` requests one after another and returns their statuses. */
async function statuses(count: number, send: (i: number) => Response | Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send(i)).status);
  return out;
}

/** `limit` successes, then refusals. */
function expectLimited(seen: number[], limit: number, ok = 200): void {
  expect(seen.length).toBeGreaterThan(limit);
  expect(
    seen.slice(0, limit).filter((s) => s !== ok),
    'refused within the limit',
  ).toEqual([]);
  expect(
    seen.slice(limit).filter((s) => s !== 429),
    'served past the limit',
  ).toEqual([]);
}

/**
 * Each test counts on fresh limiters of the rules' numbers on the test's clock (support/limiters.ts): no
 * test meets another's counts or a wall-clock minute's edge. The last describe checks the committed
 * bindings themselves.
 */
let bindings = limitedOn(() => Date.parse(at));
beforeEach(() => {
  bindings = limitedOn(() => Date.parse(at));
});
const appWhen = (iso: string) => (path: string, init?: RequestInit) => appAt(iso, bindings)(path, init);
const api = appWhen(at);

const createPlayer = (headers: Record<string, string>) =>
  api('/v1/players', { method: 'POST', headers: { ...json, ...headers }, body: '{}' });

describe('player creation', () => {
  const { limit } = RATE_LIMITS.playerCreationPerIp;

  it('answers 429 with Retry-After once one address creates too many players', async () => {
    const address = from('203.0.113.7');
    expectLimited(await statuses(limit + 1, () => createPlayer(address)), limit, 201);
    const refused = await createPlayer(address);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect((await errorOf(refused)).error.code).toBe('rate_limited');
    expect((await createPlayer(from('203.0.113.8'))).status).toBe(201);
  });

  it('counts the 50 addresses of one IPv6 /64 as one caller', async () => {
    const seen = await statuses(50, (i) => createPlayer(from(`2001:db8:7:7::${(i + 1).toString(16)}`)));
    expectLimited(seen, limit, 201);
    expect((await createPlayer(from('2001:db8:7:8::1'))).status).toBe(201);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    await statuses(limit, () => createPlayer(from('198.51.100.44')));
    expect((await createPlayer(from('::ffff:198.51.100.44'))).status).toBe(429);
  });
});

describe('the network aggregate beside each address limit', () => {
  const { limit, network } = RATE_LIMITS.playerCreationPerIp;

  it(`counts the addresses of one IPv4 /24 together: ${network.limit} new players from as many addresses, then 429`, async () => {
    const seen = await statuses(network.limit + 2, (i) => createPlayer(from(`192.0.2.${i + 1}`)));
    expectLimited(seen, network.limit, 201);
    const refused = await createPlayer(from('192.0.2.250'));
    expect(refused.headers.get('Retry-After')).toBe('60');
    const { error } = await errorOf(refused);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toContain(
      `from one network (an IPv4 /24 or an IPv6 /48): at most ${network.limit}`,
    );
    expect((await createPlayer(from('192.0.3.1'))).status).toBe(201);
  });

  it(`counts the /64s of one IPv6 /48 together: ${network.limit} new players from as many /64s, then 429`, async () => {
    const seen = await statuses(network.limit + 2, (i) =>
      createPlayer(from(`2001:db8:48:${(i + 1).toString(16)}::1`)),
    );
    expectLimited(seen, network.limit, 201);
    expect((await createPlayer(from('2001:db8:49:1::1'))).status).toBe(201);
  });

  it('gives a network a larger allowance than an address', () => {
    for (const rule of Object.values(RATE_LIMITS)) {
      if (rule.per === 'address') expect(rule.network.limit, rule.binding).toBeGreaterThan(rule.limit);
    }
  });

  it("does not let one address over its own limit use up its neighbours' allowance", async () => {
    const flood = await statuses(limit * 5, () => createPlayer(from('198.18.0.1')));
    expectLimited(flood, limit, 201);
    const neighbours = await statuses(network.limit - limit + 1, (i) =>
      createPlayer(from(`198.18.0.${i + 2}`)),
    );
    expectLimited(neighbours, network.limit - limit, 201);
  });
});

describe('puzzle fetches with a player token (each signs a start token)', () => {
  const fetchAs = (token: string, address: Record<string, string>) =>
    api(`/v1/puzzles/${DATE}/sudoku/easy`, { headers: { ...bearer(token), ...address } });

  it('are limited per player, from whatever address', async () => {
    const { token } = await register(at);
    const { limit } = RATE_LIMITS.puzzleStartPerPlayer;
    expectLimited(await statuses(limit + 1, () => fetchAs(token, someAddress())), limit);
  });

  it('are limited per address, whichever players send them', async () => {
    const address = from('203.0.113.21');
    const { limit } = RATE_LIMITS.puzzleStartPerIp;
    const perPlayer = RATE_LIMITS.puzzleStartPerPlayer.limit;
    const tokens = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / perPlayer) }, async () => (await register(at)).token),
    );
    const seen = await statuses(limit + 1, (i) => fetchAs(tokens[Math.floor(i / perPlayer)] ?? '', address));
    expectLimited(seen, limit);
  });

  it('leave anonymous reads alone', async () => {
    const address = from('203.0.113.22');
    const seen = await statuses(RATE_LIMITS.puzzleStartPerIp.limit + 10, () =>
      api(`/v1/puzzles/${DATE}/sudoku/easy`, { headers: address }),
    );
    expect(seen.every((s) => s === 200)).toBe(true);
  });
});

describe('reveals', () => {
  /** Anonymous reveals are served only once a date's answers are public: this one's were the day before. */
  const PUBLIC_DATE = '2026-11-27';
  const reveal = (headers: Record<string, string>, date = DATE) =>
    api(`/v1/puzzles/${date}/colorsort/easy/reveal`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify({ moves: [] }),
    });

  it('are limited per address when anonymous', async () => {
    const { limit } = RATE_LIMITS.revealPerIp;
    expectLimited(await statuses(limit + 1, () => reveal(from('203.0.113.31'), PUBLIC_DATE)), limit);
  });

  it('are limited per player with a token, from whatever address', async () => {
    const { token } = await register(at);
    await startPuzzle(at, token, DATE, 'colorsort', 'easy');
    const { limit } = RATE_LIMITS.revealPerPlayer;
    expectLimited(await statuses(limit + 1, () => reveal({ ...bearer(token), ...someAddress() })), limit);
  });

  it('refuse a bad token with 401 instead of counting it as anonymous', async () => {
    expect((await reveal({ Authorization: 'Bearer not-a-token' })).status).toBe(401);
  });
});

describe('submissions', () => {
  const submitAt = '2026-11-29T12:05:00Z';

  /** Sends a well-formed wrong sudoku as `player` (recorded as an attempt: 200), each with a person's log. */
  async function wrongSubmission(): Promise<
    (player: NewPlayer, address: Record<string, string>) => Promise<Response>
  > {
    await api(`/v1/puzzles/${DATE}/sudoku/easy`);
    const wrong = await wrongSudoku(DATE, 'easy');
    const logs = new Map<string, LogEntry[]>();
    return async ({ player, token }, address) => {
      let log = logs.get(token);
      if (!log) {
        await startPuzzle(at, token, DATE, 'sudoku', 'easy');
        log = await humanLogFor(player.id, `${DATE}/sudoku/easy`, wrong, submitAt);
        logs.set(token, log);
      }
      return appWhen(submitAt)(`/v1/puzzles/${DATE}/sudoku/easy/submissions`, {
        method: 'POST',
        headers: { ...bearer(token), ...json, ...address },
        body: JSON.stringify({ solution: wrong, log }),
      });
    };
  }

  it('are limited per player, from whatever address', async () => {
    const player = await register(at);
    const send = await wrongSubmission();
    const { limit } = RATE_LIMITS.submissionPerPlayer;
    expectLimited(await statuses(limit + 1, () => send(player, someAddress())), limit);
  });

  it('are limited per address, whichever players send them', async () => {
    const send = await wrongSubmission();
    const address = from('203.0.113.41');
    const { limit } = RATE_LIMITS.submissionPerIp;
    const perPlayer = RATE_LIMITS.submissionPerPlayer.limit;
    const players = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / perPlayer) }, () => register(at)),
    );
    const seen = await statuses(limit + 1, (i) =>
      send(players[Math.floor(i / perPlayer)] as NewPlayer, address),
    );
    expectLimited(seen, limit);
  });
});

describe('renames', () => {
  const rename = (token: string, address: Record<string, string>, i: number) =>
    api('/v1/players/me', {
      method: 'PATCH',
      headers: { ...bearer(token), ...json, ...address },
      body: JSON.stringify({ displayName: `Name ${i}` }),
    });

  it('are limited per player, from whatever address', async () => {
    const { token } = await register(at);
    const { limit } = RATE_LIMITS.renamePerPlayer;
    expectLimited(await statuses(limit + 1, (i) => rename(token, someAddress(), i)), limit);
  });

  it('are limited per address, whichever players send them', async () => {
    const address = from('203.0.113.51');
    const { limit } = RATE_LIMITS.renamePerIp;
    const perPlayer = RATE_LIMITS.renamePerPlayer.limit;
    const tokens = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / perPlayer) }, async () => (await register(at)).token),
    );
    const seen = await statuses(limit + 1, (i) =>
      rename(tokens[Math.floor(i / perPlayer)] ?? '', address, i),
    );
    expectLimited(seen, limit);
  });
});

describe('group joins (each with an unknown code is a guess at one)', () => {
  const join = (token: string, address: Record<string, string>, inviteCode = 'ZZZZZ-ZZZZZ') =>
    api('/v1/groups/join', {
      method: 'POST',
      headers: { ...bearer(token), ...json, ...address },
      body: JSON.stringify({ inviteCode }),
    });

  it('let 200 invite guesses by one player reach at most the per-player limit of lookups', async () => {
    const { token } = await register(at);
    const { limit } = RATE_LIMITS.groupJoinPerPlayer;
    const seen = await statuses(200, () => join(token, someAddress()));
    expectLimited(seen, limit, 404);
    const refused = await join(token, someAddress());
    expect(refused.headers.get('Retry-After')).toBe('60');
  });

  it('count a join with the right code too', async () => {
    const { token } = await register(at);
    const { limit } = RATE_LIMITS.groupJoinPerPlayer;
    await statuses(limit, () => join(token, someAddress()));
    const owner = await register(at);
    const made = await api('/v1/groups', {
      method: 'POST',
      headers: { ...bearer(owner.token), ...json },
      body: JSON.stringify({ name: 'Guessers' }),
    });
    const { inviteCode } = await bodyOf(made, NewGroupSchema);
    expect((await join(token, someAddress(), inviteCode)).status).toBe(429);
  });

  it('are limited per address, whichever players send them', async () => {
    const address = from('198.51.100.61');
    const { limit } = RATE_LIMITS.groupJoinPerIp;
    const perPlayer = RATE_LIMITS.groupJoinPerPlayer.limit;
    const tokens = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / perPlayer) }, async () => (await register(at)).token),
    );
    const seen = await statuses(limit + 1, (i) => join(tokens[Math.floor(i / perPlayer)] ?? '', address));
    expectLimited(seen, limit, 404);
  });

  it('are limited per network, whichever addresses of it send them', async () => {
    const { network } = RATE_LIMITS.groupJoinPerIp;
    const perPlayer = RATE_LIMITS.groupJoinPerPlayer.limit;
    const tokens = await Promise.all(
      Array.from(
        { length: Math.ceil((network.limit + 1) / perPlayer) },
        async () => (await register(at)).token,
      ),
    );
    const seen = await statuses(network.limit + 1, (i) =>
      join(tokens[Math.floor(i / perPlayer)] ?? '', from(`2001:db8:61:${i.toString(16)}::1`)),
    );
    expectLimited(seen, network.limit, 404);
  });
});

describe('follows', () => {
  const unknown = () => `00000000-0000-4000-8000-${crypto.randomUUID().slice(-12)}`;
  const follow = (token: string, address: Record<string, string>) =>
    api(`/v1/players/me/follows/${unknown()}`, { method: 'PUT', headers: { ...bearer(token), ...address } });

  it('are limited per player, from whatever address', async () => {
    const { token } = await register(at);
    const { limit } = RATE_LIMITS.followPerPlayer;
    expectLimited(await statuses(limit + 1, () => follow(token, someAddress())), limit, 404);
    expect((await follow(token, someAddress())).headers.get('Retry-After')).toBe('60');
  });

  it('are limited per address, whichever players send them', async () => {
    const address = from('198.51.100.71');
    const { limit } = RATE_LIMITS.followPerIp;
    const perPlayer = RATE_LIMITS.followPerPlayer.limit;
    const tokens = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / perPlayer) }, async () => (await register(at)).token),
    );
    const seen = await statuses(limit + 1, (i) => follow(tokens[Math.floor(i / perPlayer)] ?? '', address));
    expectLimited(seen, limit, 404);
  });

  it('are limited per network, whichever addresses of it send them', async () => {
    const { network } = RATE_LIMITS.followPerIp;
    const perPlayer = RATE_LIMITS.followPerPlayer.limit;
    const tokens = await Promise.all(
      Array.from(
        { length: Math.ceil((network.limit + 1) / perPlayer) },
        async () => (await register(at)).token,
      ),
    );
    const seen = await statuses(network.limit + 1, (i) =>
      follow(tokens[Math.floor(i / perPlayer)] ?? '', from(`198.19.71.${i % 250}`)),
    );
    expectLimited(seen, network.limit, 404);
  });
});

describe('link-code redemptions', () => {
  const redeem = (address: Record<string, string>) =>
    api('/v1/players/link', {
      method: 'POST',
      headers: { ...json, ...address },
      body: JSON.stringify({ code: 'ZZZZZ-ZZZZZ' }),
    });

  it('are limited per address', async () => {
    const { limit } = RATE_LIMITS.linkCodeRedemptionPerIp;
    expectLimited(await statuses(limit + 1, () => redeem(from('198.51.100.81'))), limit, 400);
  });

  it('are limited per network, whichever addresses of it send them', async () => {
    const { network } = RATE_LIMITS.linkCodeRedemptionPerIp;
    const seen = await statuses(network.limit + 1, (i) => redeem(from(`2001:db8:81:${i.toString(16)}::1`)));
    expectLimited(seen, network.limit, 400);
    expect((await redeem(from('2001:db8:81:ffff::1'))).headers.get('Retry-After')).toBe('60');
    expect((await redeem(from('2001:db8:82::1'))).status).toBe(400);
  });
});

describe('admin authentication', () => {
  const right = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` };
  const wrong = { Authorization: 'Bearer guess' };
  const runs = (headers: Record<string, string>, when = api) =>
    when('/v1/admin/generation-runs', { headers });
  const { limit } = RATE_LIMITS.adminFailuresPerIp;

  it('locks an address out after repeated failures: 300 guesses get at most the limit of 401s', async () => {
    const address = someAddress();
    const seen = await statuses(300, () => runs({ ...wrong, ...address }));
    expect(seen.filter((s) => s === 401)).toHaveLength(limit);
    expect(seen.slice(limit).every((s) => s === 429)).toBe(true);
  });

  it('keeps a locked-out address out of every admin route, the right token included', async () => {
    const address = someAddress();
    await statuses(limit + 1, () => runs({ ...wrong, ...address }));
    const locked = await runs({ ...right, ...address });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBe(ADMIN_LOCKOUT_SECONDS);
    expect((await errorOf(locked)).error.code).toBe('rate_limited');
    const calibrate = await api('/v1/admin/calibrate', { method: 'POST', headers: { ...right, ...address } });
    expect(calibrate.status).toBe(429);
  });

  it('locks out only the failing address', async () => {
    const address = someAddress();
    await statuses(limit + 1, () => runs({ ...wrong, ...address }));
    expect((await runs({ ...right, ...someAddress() })).status).toBe(200);
  });

  it('locks a whole network out once its addresses together fail too often', async () => {
    const { network } = RATE_LIMITS.adminFailuresPerIp;
    const seen = await statuses(network.limit + 1, (i) => runs({ ...wrong, ...from(`198.51.91.${i + 1}`) }));
    expect(seen.filter((s) => s === 401)).toHaveLength(network.limit);
    const untouched = await runs({ ...right, ...from('198.51.91.200') });
    expect(untouched.status).toBe(429);
    expect(Number(untouched.headers.get('Retry-After'))).toBe(ADMIN_LOCKOUT_SECONDS);
    expect((await runs({ ...right, ...from('198.51.92.1') })).status).toBe(200);
  });

  it('lets the address back in once the lockout has passed', async () => {
    const address = someAddress();
    await statuses(limit + 1, () => runs({ ...wrong, ...address }));
    const afterwards = appWhen(new Date(Date.parse(at) + ADMIN_LOCKOUT_SECONDS * 1000).toISOString());
    expect((await runs({ ...right, ...address }, afterwards)).status).toBe(200);
  });

  it('never counts successful requests', async () => {
    const address = someAddress();
    const seen = await statuses(limit * 3, () => runs({ ...right, ...address }));
    expect(seen.every((s) => s === 200)).toBe(true);
    expect((await runs({ ...wrong, ...address })).status).toBe(401);
  });
});

describe('the rule table', () => {
  it('has a [[ratelimits]] binding with the same numbers in wrangler.toml for every rule and network aggregate, and no other', () => {
    const bound = Object.fromEntries(COMMITTED.ratelimits.map((r) => [r.name, r.simple]));
    const rules = Object.fromEntries(
      rateLimitBindings().map((r) => [r.binding, { limit: r.limit, period: r.period }]),
    );
    expect(Object.keys(rules)).toHaveLength(rateLimitBindings().length);
    expect(bound).toEqual(rules);
    const namespaces = COMMITTED.ratelimits.map((r) => r.namespace_id);
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it('falls back to an in-memory window that resets after its period', async () => {
    let now = 0;
    const limiter = memoryLimiter(2, 10_000, () => now);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await limiter.limit({ key: 'k' })).success);
    expect(outcomes).toEqual([true, true, false]);
    expect((await limiter.limit({ key: 'other' })).success).toBe(true);
    now = 10_000;
    expect((await limiter.limit({ key: 'k' })).success).toBe(true);
  });
});

describe('the committed bindings', () => {
  it('bind every rule and network aggregate in the environment the tests run', () => {
    const bound = env as unknown as Record<string, unknown>;
    expect(rateLimitBindings().filter((r) => bound[r.binding] === undefined)).toEqual([]);
  });

  it('refuse the eleventh new player of one address within a minute', async () => {
    const { limit } = RATE_LIMITS.playerCreationPerIp;
    // The local binding counts wall-clock minutes: a burst that crossed one's edge is sent again, once,
    // from another address (eleven requests cannot cross two).
    for (let attempt = 0; attempt < 2; attempt++) {
      const minute = Math.floor(Date.now() / 60_000);
      const address = someAddress();
      const seen = await statuses(limit + 1, () =>
        appAt(at)('/v1/players', { method: 'POST', headers: { ...json, ...address }, body: '{}' }),
      );
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      expectLimited(seen, limit, 201);
      return;
    }
    throw new Error("two bursts of new players each crossed a minute's edge");
  });
});
