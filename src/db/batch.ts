import { fillPlaceholders, Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** What a drizzle builder's `prepare()` gives: its SQL, and how D1's result of it becomes drizzle's. */
interface PreparedQuery<T> {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  execute(placeholderValues?: Record<string, unknown>): Promise<T>;
}

interface Preparable<T> {
  prepare(): PreparedQuery<T>;
}

/** One statement of a `batch`: D1's bound statement, and how its result reads as drizzle would give it. */
export interface Statement<T> {
  readonly statement: D1PreparedStatement;
  read(result: D1Result): T;
}

/** A query built now, as a batch statement. */
export function statement<T>(db: Db, query: Preparable<T>): Statement<T> {
  return bound(db, query.prepare(), {});
}

/** A statement of plain SQL (`db.all(sql\`…\`)`), as a batch statement. */
export function rawStatement<T>(db: Db, query: PreparedQuery<T>): Statement<T> {
  return bound(db, query, {});
}

/**
 * A statement of a hot path whose SQL drizzle builds once per isolate, its values coming through
 * `sql.placeholder`: each call only binds them. Building a query walks its columns and costs tens of
 * microseconds of CPU, a measurable share of a ranked submission that runs a dozen of them.
 */
export function cachedStatement<V extends Record<string, unknown>, T>(
  build: (db: Db) => Preparable<T>,
): (db: Db, values: V) => Statement<T> {
  let prepared: PreparedQuery<T> | undefined;
  return (db, values) => {
    prepared ??= build(db).prepare();
    return bound(db, prepared, values);
  };
}

function bound<T>(db: Db, prepared: PreparedQuery<T>, values: Record<string, unknown>): Statement<T> {
  const { sql, params } = prepared.getQuery();
  return {
    statement: db.$client.prepare(sql).bind(...fillPlaceholders(params, values)),
    read: (result) => prepared.mapResult(result, true) as T,
  };
}

/** A statement of a batch, or null for one left out, whose result is then undefined. */
type MaybeStatement = Statement<unknown> | null;

type ResultOf<S> = S extends Statement<infer T> ? T : undefined;

type Results<S extends readonly MaybeStatement[]> = { [K in keyof S]: ResultOf<S[K]> };

/**
 * Runs statements in one D1 batch (one round trip, all or nothing), each result read as drizzle's. A null
 * in the list is a statement this call leaves out: it is not sent, and its result is undefined.
 */
export async function batch<S extends readonly MaybeStatement[]>(db: Db, statements: S): Promise<Results<S>> {
  const sent = statements.filter((s): s is Statement<unknown> => s !== null);
  const results = sent.length > 0 ? await db.$client.batch(sent.map((s) => s.statement)) : [];
  let next = 0;
  return statements.map((s) => (s === null ? undefined : s.read(results[next++] as D1Result))) as Results<S>;
}

/** A value of a query, or its placeholder in a cached statement. */
export type Param<T> = T | Placeholder;

/** An object of a query's values, each of which may be a placeholder. */
export type Params<T> = { [K in keyof T]: Param<T[K]> };

/**
 * A value for an update's `.set()`, whose types take no placeholder: a placeholder goes in as SQL (bound
 * as it is given, so a cached statement's values are given as the driver stores them: booleans as 0 or 1).
 */
export function settable<T>(value: Param<T>): T | SQL {
  return value instanceof Placeholder ? sql`${value}` : value;
}
