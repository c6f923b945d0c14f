/**
 * The realistic floors of the boards' path (issue #46), served by the split bench beside the service: what
 * no request can skip, and nothing more.
 * - A ranked solve checks the bearer token and the start token, makes one judging read of 4 indexed
 *   statements (the puzzle, the token, the session, the player) through the same stand-in for the network
 *   as the service (remote-d1.ts, on the replica), replays the log and checks the solution with the engine,
 *   and makes one call to a board object that inserts one row. No rating, streak or verdict. The service's
 *   Worker CPU per ranked solve is measured against it.
 * - A page of a puzzle's board is one call to its board object, which answers it from memory, names
 *   included, with the viewer's rank. With a bearer token, the token is checked first as the service checks
 *   one that may have been revoked or whose player banned: its signature, then one read of 2 indexed
 *   statements. No visibility, evidence or review state. The service's uncached page is measured against
 *   it, with and without a token.
 */
import { DurableObject } from 'cloudflare:workers';
import { Hono } from 'hono';
import { type PlayerId, verifyPlayerToken } from '../../src/auth/player-token.js';
import { verifyStartToken } from '../../src/auth/start-token.js';
import { DEV_SECRETS } from '../../src/config.js';
import type { LogEntry } from '../../src/engines/types.js';
import type { Kind } from '../../src/kinds/index.js';
import { engineFor, KINDS } from '../../src/kinds/index.js';
import { type D1Rpc, remoteD1 } from './remote-d1.js';

export interface FloorEnv {
  REPLICA: D1Rpc;
  FLOOR_BOARD: DurableObjectNamespace<FloorBoard>;
}

const SECRET = { current: DEV_SECRETS.TOKEN_SECRET };

interface FloorRow {
  playerId: string;
  displayName: string;
  countedMs: number;
}

/** A page of the floor's board: its first rows with their ranks, the solvers and the viewer's rank. */
interface FloorPage {
  entries: (FloorRow & { rank: number })[];
  solvers: number;
  me: { rank: number; countedMs: number } | null;
}

/** How many rows of `rows` (ordered by time) are faster than `countedMs`: the rank before a row of it. */
function fasterRows(rows: readonly FloorRow[], countedMs: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((rows[mid] as FloorRow).countedMs < countedMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The floor's board: one SQLite row per solve, and in memory its rows in order of time. */
export class FloorBoard extends DurableObject<FloorEnv> {
  private readonly rows: FloorRow[] = [];
  private readonly byPlayer = new Map<string, FloorRow>();

  constructor(ctx: DurableObjectState, env: FloorEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(
      'create table if not exists solves (player_id text primary key, display_name text not null, counted_ms integer not null, seq integer not null)',
    );
    const stored = ctx.storage.sql.exec<{ player_id: string; display_name: string; counted_ms: number }>(
      'select player_id, display_name, counted_ms from solves order by counted_ms, seq',
    );
    for (const row of stored) {
      const loaded = { playerId: row.player_id, displayName: row.display_name, countedMs: row.counted_ms };
      this.rows.push(loaded);
      this.byPlayer.set(loaded.playerId, loaded);
    }
  }

  insert(playerId: string, displayName: string, countedMs: number): number {
    const row = { playerId, displayName, countedMs };
    if (!this.byPlayer.has(playerId)) {
      this.ctx.storage.sql.exec(
        'insert into solves (player_id, display_name, counted_ms, seq) values (?, ?, ?, ?)',
        playerId,
        displayName,
        countedMs,
        this.rows.length,
      );
      // After the rows of equal time: ties go to the earlier solve.
      this.rows.splice(fasterRows(this.rows, countedMs + 1), 0, row);
      this.byPlayer.set(playerId, row);
    }
    return this.rows.length;
  }

  page(viewerId: string | null, limit: number): FloorPage {
    const mine = viewerId === null ? undefined : this.byPlayer.get(viewerId);
    return {
      entries: this.rows.slice(0, limit).map((row, i) => ({ ...row, rank: i + 1 })),
      solvers: this.rows.length,
      me: mine ? { rank: fasterRows(this.rows, mine.countedMs) + 1, countedMs: mine.countedMs } : null,
    };
  }
}

interface Body {
  solution: unknown;
  log: LogEntry[];
  startToken: string;
}

const refuse = (status: number, code: string) =>
  Response.json({ error: { code, message: `floor: ${code}` } }, { status });

const databases = new WeakMap<FloorEnv, D1Database>();

function databaseOf(env: FloorEnv): D1Database {
  let db = databases.get(env);
  if (!db) {
    db = remoteD1(env.REPLICA);
    databases.set(env, db);
  }
  return db;
}

const boardOf = (env: FloorEnv, puzzleId: string) =>
  env.FLOOR_BOARD.get(env.FLOOR_BOARD.idFromName(puzzleId));

/** The player a bearer token names, if it is signed, not revoked and its player not banned; null without one. */
async function viewerOf(env: FloorEnv, header: string | undefined): Promise<string | null | 'refused'> {
  if (header === undefined) return null;
  const verified = await verifyPlayerToken(SECRET, header.replace(/^Bearer /, ''));
  if (!verified) return 'refused';
  const [token, player] = await databaseOf(env).batch([
    databaseOf(env)
      .prepare('select revoked_at from player_tokens where player_id = ? and id = ?')
      .bind(verified.playerId, verified.tokenId),
    databaseOf(env).prepare('select banned_at from players where id = ?').bind(verified.playerId),
  ]);
  const tokenRow = token?.results[0] as { revoked_at: string | null } | undefined;
  const playerRow = player?.results[0] as { banned_at: string | null } | undefined;
  if (!tokenRow || tokenRow.revoked_at !== null || !playerRow || playerRow.banned_at !== null)
    return 'refused';
  return verified.playerId;
}

export const floor = new Hono<{ Bindings: FloorEnv }>()
  .get('/v1/leaderboards/:date/:kind/:level', async (c) => {
    const viewerId = await viewerOf(c.env, c.req.header('authorization'));
    if (viewerId === 'refused') return refuse(401, 'unauthorized');
    const { date, kind, level } = c.req.param();
    if (!(KINDS as readonly string[]).includes(kind)) return refuse(404, 'no_such_kind');
    const limit = Math.min(100, Math.max(1, Number(c.req.query('limit') ?? 50) || 50));
    const page = await boardOf(c.env, `${date}:${kind}:${level}`).page(viewerId, limit);
    return c.json(page);
  })
  .post('/v1/puzzles/:date/:kind/:level/submissions', async (c) => {
    const verified = await verifyPlayerToken(
      SECRET,
      c.req.header('authorization')?.replace(/^Bearer /, '') ?? '',
    );
    if (!verified) return refuse(401, 'unauthorized');
    const { date, kind, level } = c.req.param();
    if (!(KINDS as readonly string[]).includes(kind)) return refuse(404, 'no_such_kind');
    const puzzleId = `${date}:${kind}:${level}`;
    const body = (await c.req.json()) as Body;
    const now = Date.now();
    const start = await verifyStartToken(SECRET, body.startToken, {
      playerId: verified.playerId as PlayerId,
      puzzleId,
      now,
    });
    if (!start.ok) return refuse(403, start.reason);
    const db = databaseOf(c.env);
    const [puzzle, token, session, player] = await db.batch([
      db.prepare('select puzzle_json from puzzles where id = ?').bind(puzzleId),
      db
        .prepare('select revoked_at from player_tokens where player_id = ? and id = ?')
        .bind(verified.playerId, verified.tokenId),
      db
        .prepare('select started_at from play_sessions where player_id = ? and puzzle_id = ?')
        .bind(verified.playerId, puzzleId),
      db.prepare('select banned_at, display_name from players where id = ?').bind(verified.playerId),
    ]);
    const puzzleRow = puzzle?.results[0] as { puzzle_json: string } | undefined;
    const sessionRow = session?.results[0] as { started_at: number } | undefined;
    const playerRow = player?.results[0] as { display_name: string | null } | undefined;
    if (!puzzleRow || !sessionRow || token?.results.length !== 1 || !playerRow) {
      return refuse(404, 'not_found');
    }
    const engine = engineFor(kind as Kind);
    const parsed = engine.parsePuzzle(JSON.parse(puzzleRow.puzzle_json));
    const replayed = engine.replayLog(parsed, body.log);
    if (!replayed.ok || JSON.stringify(replayed.board) !== JSON.stringify(body.solution)) {
      return refuse(422, 'log_mismatch');
    }
    if (!engine.check(parsed, body.solution).ok) return refuse(422, 'wrong');
    const rank = await boardOf(c.env, puzzleId).insert(
      verified.playerId,
      playerRow.display_name ?? '',
      now - sessionRow.started_at,
    );
    return c.json({ valid: true, repeated: false, rank });
  });
