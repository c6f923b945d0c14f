/**
 * The realistic floor of a ranked solve on the boards' path (issue #46), served by the split bench beside
 * the service: what no ranked solve can skip, and nothing more. It checks the bearer token and the start
 * token, makes one judging read of 4 indexed statements (the puzzle, the token, the session, the player)
 * through the same stand-in for the network as the service (remote-d1.ts, on the replica), replays the log
 * and checks the solution with the engine, and makes one call to a board object that inserts one row. No
 * rating, streak or verdict. The service's Worker CPU per ranked solve is measured against it.
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

/** The floor's board: one SQLite row per solve, its rank the rows before it. */
export class FloorBoard extends DurableObject<FloorEnv> {
  constructor(ctx: DurableObjectState, env: FloorEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(
      'create table if not exists solves (player_id text primary key, counted_ms integer not null)',
    );
  }

  insert(playerId: string, countedMs: number): number {
    this.ctx.storage.sql.exec(
      'insert into solves (player_id, counted_ms) values (?, ?) on conflict do nothing',
      playerId,
      countedMs,
    );
    return this.ctx.storage.sql.exec('select count(*) as n from solves').one().n as number;
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

export const floor = new Hono<{ Bindings: FloorEnv }>().post(
  '/v1/puzzles/:date/:kind/:level/submissions',
  async (c) => {
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
    let db = databases.get(c.env);
    if (!db) {
      db = remoteD1(c.env.REPLICA);
      databases.set(c.env, db);
    }
    const [puzzle, token, session, player] = await db.batch([
      db.prepare('select puzzle_json from puzzles where id = ?').bind(puzzleId),
      db
        .prepare('select revoked_at from player_tokens where player_id = ? and id = ?')
        .bind(verified.playerId, verified.tokenId),
      db
        .prepare('select started_at from play_sessions where player_id = ? and puzzle_id = ?')
        .bind(verified.playerId, puzzleId),
      db.prepare('select banned_at from players where id = ?').bind(verified.playerId),
    ]);
    const puzzleRow = puzzle?.results[0] as { puzzle_json: string } | undefined;
    const sessionRow = session?.results[0] as { started_at: number } | undefined;
    if (!puzzleRow || !sessionRow || token?.results.length !== 1 || player?.results.length !== 1) {
      return refuse(404, 'not_found');
    }
    const engine = engineFor(kind as Kind);
    const parsed = engine.parsePuzzle(JSON.parse(puzzleRow.puzzle_json));
    const replayed = engine.replayLog(parsed, body.log);
    if (!replayed.ok || JSON.stringify(replayed.board) !== JSON.stringify(body.solution)) {
      return refuse(422, 'log_mismatch');
    }
    if (!engine.check(parsed, body.solution).ok) return refuse(422, 'wrong');
    const board = c.env.FLOOR_BOARD.get(c.env.FLOOR_BOARD.idFromName(puzzleId));
    const rank = await board.insert(verified.playerId, now - sessionRow.started_at);
    return c.json({ valid: true, repeated: false, rank });
  },
);
