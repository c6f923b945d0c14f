import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/index.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import { errorOf } from '../support/json.js';
import { documentOf } from '../support/openapi.js';
import { bearer, register, someAddress } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const date = '2026-11-29';

/** A player with its full token and a read token made with it. */
async function withReadToken(label?: string) {
  const player = await register(at);
  const read = await clientAt(at, { token: player.token }).createReadToken(label);
  return { ...player, read };
}

/** Every operation of the document, with its method, path and security. */
async function operations() {
  const document = await documentOf(await appAt(at)('/openapi.json'));
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

const takesPlayer = (security: Record<string, string[]>[] | undefined) =>
  (security ?? []).some((requirement) => 'player' in requirement);

/** A path of the document with each parameter filled in with a value of the right shape. */
function concrete(path: string): string {
  const values: Record<string, string> = { date, kind: 'colorsort', level: 'easy' };
  return path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => values[name] ?? '00000000-0000-4000-8000-000000000000',
  );
}

describe('a read token', () => {
  it('is made by the full token and listed with the player’s tokens, with its scope and label', async () => {
    const { token, read } = await withReadToken('Blog widget');
    expect(read).toMatchObject({ scope: 'read', label: 'Blog widget' });
    const { tokens } = await clientAt(at, { token }).tokens();
    expect(tokens.find((t) => t.id === read.id)).toMatchObject({
      via: 'read',
      scope: 'read',
      label: 'Blog widget',
    });
  });

  it('reads the player, its history and stats, and the boards', async () => {
    const { read } = await withReadToken();
    const widget = clientAt(at, { token: read.token });
    await widget.me();
    await widget.history();
    await widget.myStats();
    await widget.leaderboard(date, 'sudoku', 'easy', { scope: 'following' });
    expect(widget.responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('is refused with 401 once the full token has revoked it', async () => {
    const { token, read } = await withReadToken();
    await clientAt(at, { token }).revokeToken(read.id);
    const res = await appAt(at)('/v1/players/me', { headers: { ...bearer(read.token), ...someAddress() } });
    expect(res.status).toBe(401);
  });

  it('cannot pass as a full token with its scope cut off', async () => {
    const { read } = await withReadToken();
    const cut = read.token.slice(0, read.token.lastIndexOf('.'));
    const res = await appAt(at)('/v1/players/me', { headers: { ...bearer(cut), ...someAddress() } });
    expect(res.status).toBe(401);
  });

  it('gets 403 insufficient_scope from every route that writes', async () => {
    const { read } = await withReadToken();
    const writing = (await operations()).filter(
      ({ method, operation }) => method !== 'get' && takesPlayer(operation.security),
    );
    expect(writing.length).toBeGreaterThan(15);
    const answers: string[] = [];
    for (const { method, path } of writing) {
      const res = await appAt(at)(concrete(path), {
        method: method.toUpperCase(),
        headers: { ...bearer(read.token), ...someAddress(), 'content-type': 'application/json' },
        body: method === 'delete' ? undefined : '{}',
      });
      const body = res.status === 403 ? (await errorOf(res)).error.code : String(res.status);
      answers.push(`${method} ${path}: ${body}`);
    }
    expect(answers).toEqual(writing.map(({ method, path }) => `${method} ${path}: insufficient_scope`));
  });

  it('is refused a label with a control character, naming the field', async () => {
    const player = await register(at);
    const res = await appAt(at)('/v1/players/me/tokens', {
      method: 'POST',
      headers: { ...bearer(player.token), ...someAddress(), 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'read', label: 'Blog\u0007widget' }),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error).toMatchObject({ code: 'invalid_request', param: 'label' });
  });

  it('cannot make another token', async () => {
    const { read } = await withReadToken();
    const error = await clientAt(at, { token: read.token })
      .createReadToken()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      docUrl: '/docs/errors#insufficient_scope',
    });
  });

  it('fetches a puzzle as anyone does: no session starts and no start token is given', async () => {
    const { player, read } = await withReadToken();
    const res = await appAt(at)(`/v1/puzzles/${date}/sudoku/easy`, {
      headers: { ...bearer(read.token), ...someAddress() },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect([body.session, body.startToken]).toEqual([undefined, undefined]);
    const sessions = await env.DB.prepare('SELECT count(*) AS n FROM play_sessions WHERE player_id = ?')
      .bind(player.id)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
  });
});

describe('the scopes in the document', () => {
  it('require a full token on every route that writes', async () => {
    const lax = (await operations())
      .filter(({ method, operation }) => method !== 'get' && takesPlayer(operation.security))
      .filter(({ operation }) =>
        (operation.security ?? []).some((r) => 'player' in r && r.player?.join() !== 'full'),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(lax).toEqual([]);
  });

  it('let a read token reach the player, history, stats and boards', async () => {
    const readable = (await operations())
      .filter(({ operation }) => (operation.security ?? []).some((r) => r.player?.join() === 'read'))
      .map(({ operation }) => operation.operationId);
    expect(readable).toEqual(
      expect.arrayContaining([
        'getMe',
        'getHistory',
        'getMyStats',
        'getPuzzleLeaderboard',
        'getDailyLeaderboard',
      ]),
    );
  });
});
