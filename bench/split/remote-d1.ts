/**
 * The split bench's stand-in for the network between a Worker (or a board object) and D1: a `D1Database`
 * whose statements run in another workerd process, the D1 primary's or a replica's (`D1Remote` in
 * entry.ts), one RPC call per `run`/`all`/`first`/`raw` and one per `batch`, as a deployed Worker reaches
 * D1 over the network. Sessions route as D1's do once read replication is on: a session started on the
 * primary stays there, any other reads on the replica until its first write, then on the primary.
 * Only the bench binds it; production reaches D1 through the runtime's own binding.
 */

/** One statement as it crosses to the database's process. */
export interface RemoteStatement {
  sql: string;
  params: unknown[];
}

export type RemoteMode = 'all' | 'run' | 'first' | 'raw';

/** The database process's side (entry.ts `D1Remote`), as the binding's RPC stub offers it. */
export interface D1Rpc {
  query(statement: RemoteStatement, mode: RemoteMode): Promise<unknown>;
  batch(statements: RemoteStatement[]): Promise<D1Result[]>;
}

/** SQL that only reads: a `select`, or a `with` that feeds one. */
export function readsOnly(sql: string): boolean {
  const text = sql.trimStart().toLowerCase();
  if (text.startsWith('select')) return true;
  return text.startsWith('with') && !/\b(insert|update|delete|replace)\b/.test(text);
}

/** What a process sent through the stand-in: calls (round trips) and statements. */
export interface Sent {
  roundTrips: number;
  statements: number;
}

/** Where a handle's statements go: a fixed database, or the replica until a write moves it to the primary. */
interface Route {
  for(statements: readonly RemoteStatement[]): D1Rpc;
}

/** Counts each call in `sent` (when given) on its way to the database `route` picks. */
function counted(route: Route, sent: Sent | undefined): Route {
  if (!sent) return route;
  return {
    for(statements) {
      sent.roundTrips += 1;
      sent.statements += statements.length;
      return route.for(statements);
    },
  };
}

class Prepared {
  constructor(
    private readonly route: Route,
    readonly statement: RemoteStatement,
  ) {}

  bind(...params: unknown[]): Prepared {
    return new Prepared(this.route, { sql: this.statement.sql, params });
  }

  private send(mode: RemoteMode): Promise<unknown> {
    return this.route.for([this.statement]).query(this.statement, mode);
  }

  async first<T>(column?: string): Promise<T | null> {
    const row = (await this.send('first')) as Record<string, unknown> | null;
    if (row === null || column === undefined) return row as T | null;
    return row[column] as T;
  }

  all<T>(): Promise<D1Result<T>> {
    return this.send('all') as Promise<D1Result<T>>;
  }

  run<T>(): Promise<D1Result<T>> {
    return this.send('run') as Promise<D1Result<T>>;
  }

  raw<T>(): Promise<T[]> {
    return this.send('raw') as Promise<T[]>;
  }
}

function batchOf(route: Route, statements: readonly unknown[]): Promise<D1Result[]> {
  const list = statements.map((s) => {
    if (!(s instanceof Prepared)) throw new Error('a batch takes statements of the same remote binding');
    return s.statement;
  });
  return route.for(list).batch(list);
}

/**
 * A `D1Database` over `primary`, its sessions reading from `replica` (the primary when there is none), each
 * call counted in `sent` when given.
 */
export function remoteD1(primary: D1Rpc, replica: D1Rpc = primary, sent?: Sent): D1Database {
  const onPrimary = counted({ for: () => primary }, sent);
  const database = {
    prepare: (sql: string) => new Prepared(onPrimary, { sql, params: [] }),
    batch: (statements: readonly unknown[]) => batchOf(onPrimary, statements),
    withSession(start: string) {
      let wrote = start === 'first-primary';
      const route = counted(
        {
          for(statements) {
            if (!wrote && statements.every((s) => readsOnly(s.sql))) return replica;
            wrote = true;
            return primary;
          },
        },
        sent,
      );
      return {
        prepare: (sql: string) => new Prepared(route, { sql, params: [] }),
        batch: (statements: readonly unknown[]) => batchOf(route, statements),
        // No bookmarks cross this stand-in: the bench's clients never send one back.
        getBookmark: () => null,
      };
    },
    exec: () => Promise.reject(new Error('exec is not offered by the bench binding')),
    dump: () => Promise.reject(new Error('dump is not offered by the bench binding')),
  };
  return database as unknown as D1Database;
}
