import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { ApiError, createAdminClient, createClient, type Puzzle } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { solveStored } from '../support/play.js';
import { newBrowser } from '../support/push.js';

const date = '2026-11-29';
const app = createApp({ now: () => new Date('2026-11-29T12:00:00Z') });
/** The client as a page would hold it, calling the real app and database instead of the network. */
function client(token?: () => string | null) {
  return createClient('https://puzzles.example', {
    fetch: (input, init) => app.request(input, init, env),
    ...(token ? { token } : {}),
  });
}

describe('the client', () => {
  it("reads today's puzzles, one of each kind in its kind's format", async () => {
    const day = await client().today({ tz: 'Europe/Paris' });
    expect(day.date).toBe(date);
    const shapes = new Map<string, string[]>(day.puzzles.map((p: Puzzle) => [p.kind, Object.keys(p.puzzle)]));
    expect(shapes.get('sudoku')).toEqual(['grid']);
    expect(shapes.get('colorsort')).toEqual(['capacity', 'tubes']);
  });

  it('registers a player and sends its token from then on, starting a session', async () => {
    let token: string | null = null;
    const api = client(() => token);
    const made = await api.register({ displayName: 'Client' });
    token = made.token;
    expect((await api.me()).displayName).toBe('Client');
    const puzzle = await api.puzzle(date, 'loop', 'easy');
    expect(puzzle.kind).toBe('loop');
    expect(puzzle.puzzle.clues).toHaveLength(puzzle.puzzle.width * puzzle.puzzle.height);
    expect(puzzle.session?.elapsedMs).toBe(0);
  });

  it('submits a solution of the kind and gets the verdict', async () => {
    let token: string | null = null;
    const api = client(() => token);
    token = (await api.register()).token;
    await api.puzzle(date, 'sudoku', 'easy');
    const solution = (await solveStored(date, 'sudoku', 'easy')) as { grid: string };
    // An empty log cannot replay to a solved board: the server says so, as an ApiError.
    const refusal = await api.submit(date, 'sudoku', 'easy', { solution, log: [] }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 422, code: 'log_mismatch' });
  });

  it("subscribes a browser for reminders with the server's key, lists it with the device and unsubscribes it", async () => {
    let token: string | null = null;
    const api = client(() => token);
    token = (await api.register()).token;
    const { publicKey } = await api.pushKey();
    expect(publicKey).toMatch(/^B[\w-]{86}$/);
    const { subscription } = await newBrowser();
    const kept = await api.subscribePush(subscription, 7);
    expect(kept).toMatchObject({ endpoint: subscription.endpoint, hour: 7, timeZone: 'UTC' });
    expect((await api.tokens()).tokens[0]?.push).toEqual(kept);
    await api.unsubscribePush(subscription.endpoint);
    expect((await api.tokens()).tokens[0]?.push).toBeNull();
  });

  it("raises the API's error as an ApiError with its status, code and message", async () => {
    const error = await client()
      .register({ displayName: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'displayName: must be at least 2 characters',
    });
  });

  it('sends an idempotencyKey, so a retried registration answers the same player', async () => {
    const key = crypto.randomUUID();
    const first = await client().register({ displayName: 'Retried Once' }, { idempotencyKey: key });
    const again = await client().register({ displayName: 'Retried Once' }, { idempotencyKey: key });
    expect(again.player.id).toBe(first.player.id);
  });

  it("exposes the refused field and the code's documentation as ApiError.param and docUrl", async () => {
    const error = await client()
      .register({ displayName: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ param: 'displayName', docUrl: '/docs/errors#invalid_request' });
  });

  it('pages a board with its query and scope, and needs a token for a following scope', async () => {
    const board = await client().leaderboard(date, 'sudoku', 'easy', { limit: 5 });
    expect(board).toMatchObject({ scope: 'global', nextCursor: null });
    const refusal = await client()
      .leaderboard(date, 'sudoku', 'easy', { scope: 'following' })
      .catch((e: unknown) => e);
    expect(refusal).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('makes a group, finds it by id and among its own, and leaves it; a deleted answer resolves with nothing', async () => {
    let token: string | null = null;
    const api = client(() => token);
    token = (await api.register()).token;
    const { group, inviteCode } = await api.createGroup('Client testers');
    expect((await api.group(group.id)).inviteCode).toBe(inviteCode);
    expect((await api.myGroups()).groups.map((g) => g.id)).toEqual([group.id]);
    await expect(api.leaveGroup(group.id)).resolves.toBeUndefined();
    await expect(api.group(group.id)).rejects.toMatchObject({ status: 404 });
    expect((await api.myGroups()).groups).toEqual([]);
  });

  it('asks past the caches with `fresh`, which stays out of the query', async () => {
    const seen: { url: string; cacheControl: string | null }[] = [];
    const api = createClient('https://puzzles.example', {
      fetch: (input, init) => {
        seen.push({ url: input, cacheControl: new Headers(init.headers).get('cache-control') });
        return app.request(input, init, env);
      },
    });
    await api.leaderboard(date, 'sudoku', 'easy', { fresh: true, limit: 3 });
    await api.stats(date, 'sudoku', 'easy');
    expect(seen).toEqual([
      {
        url: `https://puzzles.example/v1/leaderboards/${date}/sudoku/easy?limit=3`,
        cacheControl: 'no-cache',
      },
      { url: `https://puzzles.example/v1/puzzles/${date}/sudoku/easy/stats`, cacheControl: null },
    ]);
  });

  it('turns a response that is not the API’s JSON into an ApiError of its status', async () => {
    const api = createClient('https://puzzles.example', {
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(api.kinds()).rejects.toMatchObject({ status: 502, code: 'unexpected_response' });
  });

  it('turns a request that gets no response into an ApiError of status 0 and code network', async () => {
    const offline = new TypeError('Failed to fetch');
    const api = createClient('https://puzzles.example', {
      fetch: async () => {
        throw offline;
      },
    });
    const error = await api.kinds().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network', cause: offline });
    expect((error as ApiError).message).toBe(
      'Cannot reach the puzzle server. Check your connection and try again.',
    );
  });

  it('reads the health check, with every engine and its levels', async () => {
    const health = await client().health();
    expect(health.ok).toBe(true);
    expect(health.time).toBe('2026-11-29T12:00:00.000Z');
    expect(health.engines.sudoku?.levels).toEqual(['easy', 'medium', 'hard', 'expert']);
  });
});

describe('the admin client', () => {
  const admin = (token: string) =>
    createAdminClient('https://puzzles.example', {
      fetch: (input, init) => app.request(input, init, env),
      token,
    });

  it('calls the admin routes with ADMIN_TOKEN: a report that is not open is its 404', async () => {
    const error = await admin(DEV_SECRETS.ADMIN_TOKEN)
      .resolveReport(987654, 'Checked')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).code]).toEqual([404, 'not_found']);
    const audit = await admin(DEV_SECRETS.ADMIN_TOKEN).audit({ limit: 1 });
    expect(Array.isArray(audit.actions)).toBe(true);
  });

  it('is refused with 401 unauthorized under another token', async () => {
    const error = await admin('not-the-admin-token')
      .levelFeedback()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).code]).toEqual([401, 'unauthorized']);
  });
});
