/**
 * The split bench's one bundle (bench/split.ts), served by each process of the deployed shape with its own
 * bindings and `SPLIT_ROLE`:
 * - `worker`: the service's Worker (src/index.ts) with `DB` the remote stand-in (remote-d1.ts) over the
 *   `PRIMARY` and `REPLICA` service bindings, and `PUZZLE_DESK` bound to the board process's objects;
 * - `database`: a D1 primary or replica, its local D1 offered to the others by `D1Remote` over RPC;
 * - `boards`: the board objects, `PuzzleDesk` with the same stand-in over `PRIMARY`, and the floor's
 *   `FloorBoard`;
 * - `floor`: the realistic floor of a ranked solve (floor.ts), reading the boards' replica.
 * `GET /stats` on a database or board process answers what it counted so far (bench/split.ts takes
 * differences). Never deployed: src/ knows nothing of it.
 */
import { WorkerEntrypoint } from 'cloudflare:workers';
import type { Env } from '../../src/env.js';
import service, { PuzzleDesk as ServiceDesk } from '../../src/index.js';
import { allShards, shardName } from '../../src/live/shards.js';
import { type FloorEnv, floor } from './floor.js';
import { type D1Rpc, type RemoteMode, type RemoteStatement, remoteD1, type Sent } from './remote-d1.js';

export { FloorBoard } from './floor.js';

/** What a database process counted: RPC calls (round trips), statements, and the boards' flush inserts. */
export interface DatabaseStats {
  roundTrips: number;
  statements: number;
  /** Batches that copy a board's solves to `submissions` (json_each inserts), and the rows they added. */
  flushBatches: number;
  flushRows: number;
}

/**
 * What a board process counted: its objects' starts (a new instance: the first, or after an eviction), the SQL
 * statements they ran on their own storage, and what they sent the D1 primary (their starts and flushes).
 */
export interface BoardStats {
  starts: number;
  statements: number;
  sent: Sent;
}

const database: DatabaseStats = { roundTrips: 0, statements: 0, flushBatches: 0, flushRows: 0 };
const boards: BoardStats = { starts: 0, statements: 0, sent: { roundTrips: 0, statements: 0 } };

/** A board's flush: drizzle's json_each insert of a batch of solves (src/db/json-rows.ts). */
const FLUSH_INSERT = /^insert into "submissions" .* from json_each\(/s;

interface SplitEnv extends Env, Omit<FloorEnv, 'REPLICA'> {
  SPLIT_ROLE: 'worker' | 'database' | 'boards' | 'floor';
  PRIMARY: D1Rpc;
  REPLICA: D1Rpc;
}

export class D1Remote extends WorkerEntrypoint<SplitEnv> {
  query(statement: RemoteStatement, mode: RemoteMode): Promise<unknown> {
    database.roundTrips += 1;
    database.statements += 1;
    const prepared = this.env.DB.prepare(statement.sql).bind(...statement.params);
    if (mode === 'first') return prepared.first();
    if (mode === 'raw') return prepared.raw();
    return mode === 'all' ? prepared.all() : prepared.run();
  }

  async batch(statements: RemoteStatement[]): Promise<D1Result[]> {
    database.roundTrips += 1;
    database.statements += statements.length;
    const results = await this.env.DB.batch(
      statements.map((s) => this.env.DB.prepare(s.sql).bind(...s.params)),
    );
    const flushes = statements.flatMap((s, i) => (FLUSH_INSERT.test(s.sql) ? [results[i]] : []));
    if (flushes.length > 0) {
      database.flushBatches += 1;
      database.flushRows += flushes.reduce((n, r) => n + (r?.results.length ?? 0), 0);
    }
    return results;
  }
}

/**
 * The env a Worker or a board sees: its `DB` the stand-in for D1 across the network. One per env the runtime
 * hands over (the same object for every request of an isolate), as the service keeps its settled services
 * and the test clock per env and per binding.
 */
const remoteEnvs = new WeakMap<SplitEnv, Env>();
function remoteEnv(env: SplitEnv, reads: D1Rpc, sent?: Sent): Env {
  let remote = remoteEnvs.get(env);
  if (!remote) {
    remote = { ...env, DB: remoteD1(env.PRIMARY, reads, sent) };
    remoteEnvs.set(env, remote);
  }
  return remote;
}

/**
 * Counts every SQL statement a board runs on its own storage. The runtime's base class takes only the real
 * state, so its SQL handle's `exec` is wrapped in place (an own property shadowing the prototype's), before
 * the board reads the handle in its constructor.
 */
function countStatements(ctx: DurableObjectState): void {
  const sql = ctx.storage.sql;
  const exec = sql.exec.bind(sql);
  const counted: SqlStorage['exec'] = (query, ...bindings) => {
    boards.statements += 1;
    return exec(query, ...bindings);
  };
  Object.defineProperty(sql, 'exec', { value: counted });
}

export class PuzzleDesk extends ServiceDesk {
  constructor(ctx: DurableObjectState, env: SplitEnv) {
    countStatements(ctx);
    boards.starts += 1;
    super(ctx, remoteEnv(env, env.PRIMARY, boards.sent));
  }
}

/**
 * `GET /touch?puzzle=<id>&shards=<K>` on the board process: one call to each of the puzzle's boards, which
 * starts it or keeps it in memory. Deployed, traffic keeps a live puzzle's board in memory (an idle object
 * is evicted after 70–140 s); the bench's puzzles take turns, so it touches the idle ones between theirs.
 */
async function touch(env: SplitEnv, url: URL): Promise<Response> {
  const puzzleId = url.searchParams.get('puzzle') ?? '';
  const shards = Number(url.searchParams.get('shards') ?? '1');
  // Bound to the service's class in the board process; src/env.ts does not name it.
  const namespace = env.PUZZLE_DESK as unknown as DurableObjectNamespace<ServiceDesk>;
  await Promise.all(
    allShards(shards).map((shard) =>
      namespace.get(namespace.idFromName(shardName(puzzleId, shard))).pageFacts(puzzleId, null, shard),
    ),
  );
  return Response.json({ touched: shards });
}

export default {
  fetch(request, env, ctx) {
    if (env.SPLIT_ROLE === 'worker') return service.fetch(request, remoteEnv(env, env.REPLICA), ctx);
    if (env.SPLIT_ROLE === 'floor') return floor.fetch(request, env, ctx);
    const url = new URL(request.url);
    if (env.SPLIT_ROLE === 'boards' && url.pathname === '/touch') return touch(env, url);
    if (url.pathname !== '/stats') return new Response('not found', { status: 404 });
    return Response.json(env.SPLIT_ROLE === 'database' ? database : boards);
  },
} satisfies ExportedHandler<SplitEnv>;
