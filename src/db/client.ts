import { type DrizzleD1Database, drizzle } from 'drizzle-orm/d1';

/**
 * Drizzle over D1 (or a D1 session), with the client itself for statements run through `batch.ts`. Made
 * without the schema: every query names its tables from schema.ts, and the relational `db.query` API the
 * schema would enable (never used here) costs a walk of every table on each handle, two per request.
 */
export type Db = DrizzleD1Database & { $client: D1Database };

export function createDb(d1: D1Database): Db {
  return drizzle(d1);
}

/** The binding each session was made from: what outlives a request is kept per binding, not per session. */
const bindingOfSession = new WeakMap<object, D1Database>();

/** The database binding `db` reaches, whether it is a session of it or the binding itself. */
export function databaseOf(db: Db): D1Database {
  return bindingOfSession.get(db.$client) ?? db.$client;
}

/** Where a D1 session starts: any replica, the primary, or a bookmark a client handed back. */
export type SessionStart = D1SessionConstraint | D1SessionBookmark;

export interface SessionDb {
  db: Db;
  /** The newest state this session has seen; hand it to the next request to read its own writes. */
  bookmark(): string | null;
}

/**
 * A database handle whose queries go through the D1 Sessions API, so that once read replication is enabled
 * on the database, reads may be served by a nearby replica while staying sequentially consistent within the
 * session (and with the bookmark it started from). Without replication (and locally) every query still
 * reaches the one database, so behaviour is unchanged. Drizzle uses only `prepare` and `batch`, which a
 * session has; its types ask for a whole D1Database (drizzle-orm#4522), hence the cast.
 */
export function createSessionDb(d1: D1Database, start: SessionStart = 'first-unconstrained'): SessionDb {
  const session = d1.withSession(start);
  bindingOfSession.set(session, d1);
  return {
    db: drizzle(session as unknown as D1Database),
    bookmark: () => session.getBookmark(),
  };
}
