import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_KEY, DEV_SECRETS } from '../../src/config.js';
import { D1_BOOKMARK_PATTERN } from '../../src/contract/d1-bookmark.js';
import { LEVELS } from '../../src/contract/kinds/index.js';
import { hintOf, KINDS, type Kind } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { startingPosition } from '../support/hint-positions.js';
import { bearer, register, startPuzzle } from '../support/play.js';

/** Generated malformed requests per route: a thousand each. */
const RUNS = 1000;
const at = '2026-11-29T12:00:00Z';
const api = appAt(at);
const DATE = '2026-11-29';
const TABLES = [
  'puzzles',
  'generation_runs',
  'players',
  'player_accounts',
  'player_tokens',
  'player_ratings',
  'submissions',
  'benchmarks',
  'benchmark_history',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
  'admin_actions',
];

let playerToken = '';
let playerId = '';
let startToken = '';

async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    TABLES.map((t) => env.DB.prepare(`select * from ${t} order by rowid`).all()),
  );
  return JSON.stringify(parts.map((p) => p.results));
}

interface HostileRequest {
  path: string;
  init?: RequestInit;
}

/** Asserts every generated request gets a 4xx JSON error and that no table changed. */
async function assertAllRefused(arbitrary: fc.Arbitrary<HostileRequest>): Promise<void> {
  const before = await snapshot();
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ path, init }) => {
      const res = await api(path, init);
      const text = await res.text();
      expect(
        res.status,
        `${init?.method ?? 'GET'} ${path} → ${res.status} ${text.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(
        res.status,
        `${init?.method ?? 'GET'} ${path} → ${res.status} ${text.slice(0, 200)}`,
      ).toBeLessThan(500);
      expect(res.headers.get('content-type') ?? '').toContain('application/json');
      const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
      expect(typeof body.error?.code).toBe('string');
      expect(typeof body.error?.message).toBe('string');
    }),
    { numRuns: RUNS },
  );
  expect(await snapshot()).toBe(before);
}

const isKind = (s: string) => (KINDS as readonly string[]).includes(s);
const isLevel = (s: string) => (LEVELS as readonly string[]).includes(s);

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '1e999',
    '0x10',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '%00',
    '..',
    '\u202e',
    '😀',
    'a'.repeat(500),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
/** Header values must be visible ASCII (the Fetch standard); everything else about them may be hostile. */
const headerString = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 120,
});
const segment = weirdString.map((s) => encodeURIComponent(s) || '%20');

const badDate = fc.oneof(
  segment,
  fc.constantFrom(
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '0000-00-00',
    '2026-1-1',
    '2026-11-29T00:00',
    '20261129',
  ),
  fc.constantFrom('2025-12-31', '2020-01-01', '2026-12-25', '9999-12-31'),
);
const goodOrBadKind = fc.oneof(
  fc.constantFrom(...KINDS),
  segment.filter((s) => !isKind(s)),
);
const goodOrBadLevel = fc.oneof(
  fc.constantFrom(...LEVELS),
  segment.filter((s) => !isLevel(s)),
);

/** Paths to one puzzle where at least one part is wrong (a bad date, kind or level, or a level the kind lacks). */
const badPuzzlePath = fc
  .record({ date: fc.oneof(fc.constant(DATE), badDate), kind: goodOrBadKind, level: goodOrBadLevel })
  .filter(({ date, kind, level }) => !(date === DATE && isKind(kind) && ['easy', 'medium'].includes(level)))
  .filter(
    ({ date, kind, level }) =>
      !(date === DATE && kind === 'colorsort' && ['hard', 'superhard'].includes(level)),
  )
  .filter(
    ({ date, kind, level }) => !(date === DATE && kind !== 'colorsort' && ['hard', 'expert'].includes(level)),
  )
  .map(({ date, kind, level }) => `${date}/${kind}/${level}`);

const deepJson = fc.integer({ min: 50, max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const hugeBody = fc
  .integer({ min: 17 * 1024, max: 200 * 1024 })
  .map((n) => JSON.stringify({ displayName: 'x'.repeat(n) }));
const garbageJson = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  deepJson,
  fc.string(),
  fc.constantFrom('{', '{"a":', 'NaN', '{"displayName": NaN}', '\u0000', '[1,2,3'),
);

function json(method: string, body: string, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body };
}

beforeAll(async () => {
  await api(`/v1/puzzles/${DATE}`);
  const player = await register(at);
  playerToken = player.token;
  playerId = player.player.id;
  startToken = await startPuzzle(at, player.token, DATE, 'sudoku', 'easy');
  // A session of every kind's easy puzzle, so that a hint's board is judged past the session check.
  for (const kind of KINDS.filter((k) => k !== 'sudoku'))
    await startPuzzle(at, player.token, DATE, kind, 'easy');
});

describe('hostile input: every route answers a 4xx JSON error and changes nothing', () => {
  it('GET /v1/puzzles/today with bad time zones', async () => {
    const badTz = weirdString.filter((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return false;
      } catch {
        return true;
      }
    });
    await assertAllRefused(badTz.map((tz) => ({ path: `/v1/puzzles/today?tz=${encodeURIComponent(tz)}` })));
  });

  it('GET /v1/puzzles/{date}', async () => {
    await assertAllRefused(badDate.map((d) => ({ path: `/v1/puzzles/${d}` })));
  });

  it('GET /v1/puzzles/{date}/{kind}/{level}, its answer and its stats', async () => {
    const suffix = fc.constantFrom('', '/answer', '/stats');
    await assertAllRefused(
      fc.tuple(badPuzzlePath, suffix).map(([p, s]) => ({ path: `/v1/puzzles/${p}${s}` })),
    );
  });

  it('GET the answer of a playable date before its embargo', async () => {
    const path = fc.constantFrom(...KINDS).map((kind) => `/v1/puzzles/${DATE}/${kind}/medium/answer`);
    await assertAllRefused(path.map((p) => ({ path: p })));
  });

  it('POST /v1/players with malformed bodies', async () => {
    const badName = fc.oneof(
      fc.string({ maxLength: 1 }),
      fc.string({ minLength: 33, maxLength: 80 }).filter((s) => s.trim().length > 32),
      fc.constantFrom('<b>', 'a\u0000b', 'tab\there', 'zero\u200bwidth', '  ', '-leading', '\u202eevil'),
      fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object()),
    );
    const body = fc.oneof(
      badName.map((displayName) => JSON.stringify({ displayName })),
      fc
        .record({ displayName: fc.constant('Valid Name'), extra: fc.jsonValue() })
        .map((v) => JSON.stringify(v)),
      garbageJson.filter((b) => b.trim() !== '' && b.trim() !== '{}'),
      hugeBody,
    );
    await assertAllRefused(body.map((b) => ({ path: '/v1/players', init: json('POST', b) })));
  });

  it('GET and PATCH /v1/players/me without a valid token, or with a malformed body', async () => {
    const badToken = fc.oneof(
      headerString,
      fc.uuid().map((id) => `${id}.${'A'.repeat(43)}`),
      fc.constant(`${crypto.randomUUID()}.`),
    );
    const unauthenticated = fc.tuple(fc.constantFrom('GET', 'PATCH'), badToken).map(([method, token]) => ({
      path: '/v1/players/me',
      init:
        method === 'GET'
          ? { headers: { Authorization: `Bearer ${token}` } }
          : json('PATCH', '{"displayName":"Valid"}', { Authorization: `Bearer ${token}` }),
    }));
    const badRename = garbageJson
      .filter((b) => {
        try {
          const v = JSON.parse(b) as unknown;
          return !(typeof v === 'object' && v !== null && 'displayName' in v && Object.keys(v).length === 1);
        } catch {
          return true;
        }
      })
      .map((b) => ({ path: '/v1/players/me', init: json('PATCH', b, bearer(playerToken)) }));
    await assertAllRefused(fc.oneof(unauthenticated, badRename));
  });

  it('POST submissions with malformed bodies, bad tokens and moves for other kinds', async () => {
    const solutions = fc.oneof(
      fc.jsonValue(),
      fc.constant({ moves: [[0, 1]] }),
      fc.constant({ cells: '01'.repeat(50) }),
      fc.constant({ edges: '0'.repeat(60) }),
      fc.string().map((grid) => ({ grid })),
    );
    const badElapsed = fc.oneof(
      fc.double({ noInteger: true }),
      fc.integer({ max: -1 }),
      fc.constant(1e308),
      fc.string(),
      fc.constant(null),
    );
    const body = fc.oneof(
      fc.record({
        solution: solutions,
        elapsedMs: fc.integer({ min: 0, max: 600_000 }),
        startToken: weirdString.filter((s) => s.length > 0),
      }),
      fc.record({ solution: solutions, elapsedMs: badElapsed, startToken: fc.constant(startToken) }),
      fc.record({
        solution: solutions.filter(
          (s) => !(typeof s === 'object' && s !== null && 'grid' in s && /^[1-9]{81}$/.test(String(s.grid))),
        ),
        elapsedMs: fc.constant(200_000),
        startToken: fc.constant(startToken),
      }),
      fc.record({ elapsedMs: fc.constant(200_000) }, { requiredKeys: [] }),
    );
    const request = fc.oneof(
      fc.tuple(badPuzzlePath, body).map(([p, b]) => ({
        path: `/v1/puzzles/${p}/submissions`,
        init: json('POST', JSON.stringify(b), bearer(playerToken)),
      })),
      body.map((b) => ({
        path: `/v1/puzzles/${DATE}/sudoku/easy/submissions`,
        init: json('POST', JSON.stringify(b), bearer(playerToken)),
      })),
      garbageJson.map((b) => ({
        path: `/v1/puzzles/${DATE}/sudoku/easy/submissions`,
        init: json('POST', b, bearer(playerToken)),
      })),
      body.map((b) => ({
        path: `/v1/puzzles/${DATE}/sudoku/easy/submissions`,
        init: json('POST', JSON.stringify(b)),
      })),
      hugeBody.map((b) => ({
        path: `/v1/puzzles/${DATE}/sudoku/easy/submissions`,
        init: json('POST', b, bearer(playerToken)),
      })),
    );
    await assertAllRefused(request);
  });

  it('POST colour-sort reveal with malformed or illegal move lists', async () => {
    const moves = fc.oneof(
      fc.jsonValue().filter((v) => !Array.isArray(v)),
      fc
        .array(fc.tuple(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 31 })), {
          minLength: 1,
          maxLength: 30,
        })
        .map((list) => [...list, [0, 0]]),
      fc
        .array(fc.tuple(fc.integer(), fc.integer()), { maxLength: 5 })
        .filter((l) => l.some(([a, b]) => a < 0 || b < 0 || a > 31 || b > 31)),
    );
    const level = fc.oneof(
      fc.constantFrom('easy', 'medium'),
      goodOrBadLevel.filter((l) => !['easy', 'medium', 'hard', 'superhard'].includes(l)),
    );
    const request = fc.oneof(
      fc.tuple(level, moves).map(([lvl, m]) => ({
        path: `/v1/puzzles/${DATE}/colorsort/${lvl}/reveal`,
        init: json('POST', JSON.stringify({ moves: m })),
      })),
      garbageJson.map((b) => ({ path: `/v1/puzzles/${DATE}/colorsort/easy/reveal`, init: json('POST', b) })),
      badDate.map((d) => ({
        path: `/v1/puzzles/${d}/colorsort/easy/reveal`,
        init: json('POST', '{"moves":[]}'),
      })),
    );
    await assertAllRefused(request);
  });

  it('POST hints with boards of the wrong shape, kind or size, huge or unicode ones, bad paths and tokens; counting no hint', async () => {
    const empty = Object.fromEntries(
      await Promise.all(KINDS.map(async (kind) => [kind, await startingPosition(DATE, kind, 'easy')])),
    ) as Record<Kind, Record<string, unknown>>;
    /** An address per request: the hint limit of 60 a minute per address would otherwise answer most. */
    const address = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map(([a, b, c]) => ({ 'CF-Connecting-IP': `10.${a}.${b}.${c}` }));
    /** Bodies no kind's schema can take as they stand: raw text, or JSON values around the board's field. */
    const hostileValue = fc.oneof(
      weirdString,
      fc.string({ unit: 'grapheme', minLength: 20, maxLength: 120 }),
      fc.constantFrom('\u0661'.repeat(81), '\uff11'.repeat(100), '\u0000'.repeat(60), 'e\u0301'.repeat(40)),
      fc.array(fc.oneof(fc.double(), fc.integer(), weirdString, fc.constant(null)), { maxLength: 90 }),
      fc.jsonValue(),
    );
    const shapedBody = (kind: Kind) => {
      const field = Object.keys(empty[kind])[0] ?? 'grid';
      return fc.oneof(
        hostileValue.map((value) => JSON.stringify({ [field]: value })),
        fc.jsonValue().map((extra) => JSON.stringify({ ...empty[kind], extra })),
        fc.constant(JSON.stringify(empty[kind]).replace('{', '{"__proto__":{"admin":true},')),
        fc.constantFrom(...KINDS.filter((k) => k !== kind)).map((other) => JSON.stringify(empty[other])),
        fc.constant(JSON.stringify({ moves: Array.from({ length: 2001 }, () => [0, 1]) })),
        garbageJson,
      );
    };
    /** What the kind's position schema itself refuses (a body it takes would be a fair hint). */
    const refusedBySchema = (kind: Kind, body: string) => {
      try {
        return !hintOf(kind).position.safeParse(JSON.parse(body)).success;
      } catch {
        return true;
      }
    };
    /** The kind's own empty board grown or shrunk: the schema may take it, the puzzle's size does not. */
    const resized = (kind: Kind) => {
      const [field, value] = Object.entries(empty[kind])[0] ?? [];
      const sized: string | unknown[] | null =
        typeof value === 'string' || Array.isArray(value) ? value : null;
      if (field === undefined || !sized?.length) return null;
      const { length } = sized;
      const first = sized[0];
      return fc
        .integer({ min: 0, max: 2 * length })
        .filter((n) => n !== length)
        .map((n) =>
          JSON.stringify({ [field]: typeof first === 'string' ? first.repeat(n) : Array(n).fill(first) }),
        );
    };
    const huge = fc.oneof(
      hugeBody,
      fc.integer({ min: 17 * 1024, max: 200 * 1024 }).map((n) => JSON.stringify({ cells: '.'.repeat(n) })),
    );
    const bodyFor = (kind: Kind) =>
      fc.oneof(
        shapedBody(kind).filter((body) => refusedBySchema(kind, body)),
        ...[resized(kind)].filter((a): a is fc.Arbitrary<string> => a !== null),
        huge,
      );
    const hint = (path: string, body: string, headers: Record<string, string>) => ({
      path: `/v1/puzzles/${path}/hint`,
      init: json('POST', body, headers),
    });
    const request = fc.oneof(
      fc
        .tuple(fc.constantFrom(...KINDS), address)
        .chain(([kind, from]) =>
          bodyFor(kind).map((body) =>
            hint(`${DATE}/${kind}/easy`, body, { ...bearer(playerToken), ...from }),
          ),
        ),
      fc
        .tuple(badPuzzlePath, fc.constantFrom(...KINDS), address)
        .map(([path, kind, from]) =>
          hint(path, JSON.stringify(empty[kind]), { ...bearer(playerToken), ...from }),
        ),
      fc
        .tuple(fc.constantFrom(...KINDS), fc.oneof(headerString, fc.constant('')), address)
        .map(([kind, token, from]) =>
          hint(`${DATE}/${kind}/easy`, JSON.stringify(empty[kind]), {
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...from,
          }),
        ),
      fc.tuple(fc.constantFrom(...KINDS), address).map(([kind, from]) => ({
        path: `/v1/puzzles/${DATE}/${kind}/easy/hint`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'text/plain', ...bearer(playerToken), ...from },
          body: JSON.stringify(empty[kind]),
        },
      })),
    );
    await assertAllRefused(request);
    const counted = await env.DB.prepare(
      'select count(*) as sessions, coalesce(sum(hints), 0) as hints from play_sessions where player_id = ?',
    )
      .bind(playerId)
      .first<{ sessions: number; hints: number }>();
    expect(counted).toEqual({ sessions: KINDS.length, hints: 0 });
  });

  it('GET leaderboards with bad parameters, cursors and page sizes', async () => {
    const badQuery = fc.oneof(
      weirdString.map((c) => `?cursor=${encodeURIComponent(c)}`),
      fc
        .oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.constantFrom('abc', '1.5', '1e999', ''))
        .map((l) => `?limit=${l}`),
    );
    const request = fc.oneof(
      badPuzzlePath.map((p) => `/v1/leaderboards/${p}`),
      badQuery.map((q) => `/v1/leaderboards/${DATE}/sudoku/easy${q}`),
      segment.filter((k) => !isKind(k)).map((k) => `/v1/leaderboards/ratings/${k}`),
      badQuery.map((q) => `/v1/leaderboards/ratings/sudoku${q}`),
    );
    await assertAllRefused(request.map((path) => ({ path })));
  });

  it('admin routes without the admin token, or with a bad date', async () => {
    // Failed admin authentications lock their address out: this test's own, so no other test is locked out.
    const address = { 'CF-Connecting-IP': '192.0.2.66' };
    const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, ...address };
    const request = fc.oneof(
      fc
        .tuple(fc.constantFrom('/v1/admin/calibrate', `/v1/admin/dates/${DATE}/generate`), headerString)
        .map(([path, token]) => ({
          path,
          init: { method: 'POST', headers: { Authorization: `Bearer ${token}`, ...address } },
        })),
      headerString.map((token) => ({
        path: '/v1/admin/generation-runs',
        init: { headers: { Authorization: token, ...address } },
      })),
      badDate.map((d) => ({
        path: `/v1/admin/dates/${d}/generate`,
        init: { method: 'POST', headers: admin },
      })),
      fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 201 }), fc.constant('x')).map((l) => ({
        path: `/v1/admin/generation-runs?limit=${l}`,
        init: { headers: admin },
      })),
    );
    await assertAllRefused(request);
  });

  it('webhook routes with malformed bodies, URLs, events, ids and cursors, or without the admin token', async () => {
    // This test's own address, as above: its tokenless requests lock it out, and nobody else.
    const address = { 'CF-Connecting-IP': '192.0.2.67' };
    const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` };
    const goodUrl = 'https://hooks.example.com/in';
    const badUrl = fc.oneof(
      weirdString,
      fc.constantFrom(
        'http://hooks.example.com/in',
        'https://10.0.0.1/in',
        'https://169.254.169.254/',
        'https://[::1]/',
        'https://[::ffff:10.0.0.1]/',
        'https://100.64.0.1/',
        'https://router.internal/',
        'ftp://hooks.example.com/',
        'javascript:alert(1)',
        'https://user:pw@hooks.example.com/',
        `https://hooks.example.com/${'a'.repeat(2100)}`,
      ),
    );
    const goodEvents = fc.constant(['solve.ranked']);
    const badEvents = fc.oneof(
      fc.array(weirdString, { maxLength: 5 }),
      fc.constantFrom([], ['solve.ranked', 'solve.ranked'], 'solve.ranked', null, [1]),
    );
    const webhookId = fc.oneof(segment, fc.uuid().map(String));
    const request = fc.oneof(
      garbageJson.map((body) => ({ path: '/v1/admin/webhooks', init: json('POST', body, admin) })),
      fc
        .oneof(
          fc.record({ url: badUrl, events: goodEvents }),
          fc.record({ url: fc.constant(goodUrl), events: badEvents }),
          fc.record({ url: fc.constant(goodUrl), events: goodEvents, extra: weirdString }),
        )
        .map((body) => ({ path: '/v1/admin/webhooks', init: json('POST', JSON.stringify(body), admin) })),
      fc.tuple(webhookId, fc.constantFrom('', '/deliveries', '/enable', '/test')).map(([id, rest]) => ({
        path: `/v1/admin/webhooks/${id}${rest}`,
        init: { method: rest === '' || rest === '/deliveries' ? 'GET' : 'POST', headers: admin },
      })),
      webhookId.map((id) => ({
        path: `/v1/admin/webhooks/${id}`,
        init: { method: 'DELETE', headers: admin },
      })),
      fc.tuple(webhookId, segment).map(([id, delivery]) => ({
        path: `/v1/admin/webhooks/${id}/deliveries/${delivery}/replay`,
        init: { method: 'POST', headers: admin },
      })),
      fc.tuple(fc.uuid(), segment, segment).map(([id, cursor, limit]) => ({
        path: `/v1/admin/webhooks/${id}/deliveries?cursor=${cursor}&limit=${limit}`,
        init: { headers: admin },
      })),
      headerString.map((token) => ({
        path: '/v1/admin/webhooks',
        init: json('POST', JSON.stringify({ url: goodUrl, events: ['solve.ranked'] }), {
          Authorization: `Bearer ${token}`,
          ...address,
        }),
      })),
    );
    await assertAllRefused(request);
  });

  it('any route with a bookmark D1 did not hand out, refused before anything runs', async () => {
    const player = await register('2026-11-29T08:00:00Z');
    const notBookmark = fc
      .oneof(
        headerString,
        fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{65,80}$/),
        fc.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{32}$/),
      )
      .filter((value) => value.trim() === value && !D1_BOOKMARK_PATTERN.test(value));
    const routes = fc.constantFrom<[string, string, string | undefined]>(
      ['GET', '/v1/puzzles/today', undefined],
      ['GET', `/v1/leaderboards/${DATE}/sudoku/easy`, undefined],
      ['POST', '/v1/players', '{"displayName":"Bookmarked"}'],
      ['PATCH', '/v1/players/me', '{"displayName":"Renamed"}'],
      ['GET', '/v1/players/me', undefined],
    );
    await assertAllRefused(
      fc.tuple(routes, notBookmark).map(([[method, path, body], bookmark]) => ({
        path,
        init: {
          method,
          headers: { ...bearer(player.token), 'content-type': 'application/json', 'x-d1-bookmark': bookmark },
          ...(body === undefined ? {} : { body }),
        },
      })),
    );
  });

  it('PUT /v1/operator/players/{externalId} with bad ids, bodies and tokens', async () => {
    const operator = { Authorization: `Bearer ${DEV_OPERATOR_KEY}` };
    const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
    const badId = fc.oneof(
      fc.integer({ min: 129, max: 400 }).map((n) => 'a'.repeat(n)),
      fc.tuple(fc.string({ maxLength: 20 }), control, fc.string({ maxLength: 20 })).map((p) => p.join('')),
    );
    const badBody = fc.oneof(
      fc.oneof(fc.string(), fc.integer(), fc.array(fc.jsonValue())).map((v) => JSON.stringify(v)),
      fc.constantFrom('{', '{"a":', 'NaN', '[1,2', '\u0000', 'null'),
      deepJson,
      hugeBody,
      fc
        .oneof(fc.string({ maxLength: 1 }), fc.constantFrom('<b>', 'zero\u200bwidth'), fc.integer())
        .map((displayName) => JSON.stringify({ displayName })),
      fc.jsonValue().map((extra) => JSON.stringify({ displayName: 'Valid', extra })),
      fc.constantFrom('{"mergeAnonymous":true}', '{"anonymousToken":"a.b.c.d"}', '{"mergeAnonymous":"yes"}'),
      fc.string({ maxLength: 40 }).map((t) => JSON.stringify({ mergeAnonymous: true, anonymousToken: t })),
    );
    const badToken = fc.oneof(
      headerString,
      fc.constant(playerToken),
      fc.constant(DEV_SECRETS.ADMIN_TOKEN),
      fc.constant(`${DEV_OPERATOR_KEY}x`),
    );
    const request = fc.oneof(
      badId.map((id) => ({
        path: `/v1/operator/players/${encodeURIComponent(id)}`,
        init: json('PUT', '{}', operator),
      })),
      badBody.map((body) => ({ path: '/v1/operator/players/fuzz-user', init: json('PUT', body, operator) })),
      badToken.map((token) => ({
        path: '/v1/operator/players/fuzz-user',
        init: json('PUT', '{}', { Authorization: `Bearer ${token}` }),
      })),
    );
    await assertAllRefused(request);
  });

  it('POST /v1/players/session with bad bodies, id tokens and bearer tokens', async () => {
    const part = fc.base64String({ maxLength: 60 }).map((b) => b.replace(/[+/=]/g, '_') || 'e30');
    const forged = fc.tuple(part, part, part).map((parts) => parts.join('.'));
    const notJwt = fc.oneof(weirdString, fc.constantFrom('a.b', 'a..b.c', 'a.b.c.d', '', 'x'.repeat(9000)));
    const badBody = fc.oneof(
      garbageJson,
      notJwt.map((idToken) => JSON.stringify({ idToken })),
      forged.map((idToken) => JSON.stringify({ idToken })),
      forged.map((idToken) => JSON.stringify({ idToken, mergeAnonymous: 'yes' })),
      forged.map((idToken) => JSON.stringify({ idToken, extra: 1 })),
      fc.jsonValue().map((idToken) => JSON.stringify({ idToken })),
    );
    const request = fc.oneof(
      badBody.map((body) => ({ path: '/v1/players/session', init: json('POST', body) })),
      fc.tuple(headerString, forged).map(([token, idToken]) => ({
        path: '/v1/players/session',
        init: json('POST', JSON.stringify({ idToken, mergeAnonymous: true }), {
          Authorization: `Bearer ${token}`,
        }),
      })),
    );
    await assertAllRefused(request);
  });

  it('unknown paths and methods', async () => {
    const request = fc.oneof(
      fc
        .array(segment, { minLength: 1, maxLength: 5 })
        .map((parts) => ({ path: `/v1/${parts.join('/')}/x` })),
      fc
        .constantFrom('DELETE', 'PUT')
        .map((method) => ({ path: `/v1/puzzles/${DATE}/sudoku/easy`, init: { method } })),
      fc.constantFrom('DELETE', 'PUT', 'POST').map((method) => ({ path: '/v1/health', init: { method } })),
    );
    await assertAllRefused(request);
  });
});
