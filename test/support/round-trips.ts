/**
 * The test's D1 with its round trips counted (each statement run and each batch is one trip to the
 * database) and its statements (a batch counts each of its own). The statements run on the real binding.
 * `rowsRead` adds up the rows D1 says its batches read: what a statement's cost grows with.
 */
export interface CountedD1 {
  d1: D1Database;
  trips(): number;
  statements(): number;
  rowsRead(): number;
}

const RUNS = new Set<PropertyKey>(['first', 'all', 'run', 'raw']);

export function countingTrips(d1: D1Database): CountedD1 {
  let trips = 0;
  let statements = 0;
  let rowsRead = 0;
  const targets = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...params: unknown[]) => wrap(target.bind(...params));
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (RUNS.has(prop)) {
          trips++;
          statements++;
        }
        return value.bind(target);
      },
    });
    targets.set(proxy, statement);
    return proxy;
  };
  // A request's handle is a session of the binding (src/db/client.ts): its trips count too.
  const counting = <D extends object>(d1: D): D =>
    new Proxy(d1, {
      get(target, prop) {
        if (prop === 'withSession') {
          return (start?: string) =>
            counting((target as unknown as D1Database).withSession(start as D1SessionConstraint));
        }
        if (prop === 'prepare') return (sql: string) => wrap((target as unknown as D1Database).prepare(sql));
        if (prop === 'batch') {
          return async (batch: D1PreparedStatement[]) => {
            trips++;
            statements += batch.length;
            const results = await (target as unknown as D1Database).batch(
              batch.map((s) => targets.get(s) ?? s),
            );
            rowsRead += results.reduce((n, r) => n + r.meta.rows_read, 0);
            return results;
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { d1: counting(d1), trips: () => trips, statements: () => statements, rowsRead: () => rowsRead };
}
