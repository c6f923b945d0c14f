/**
 * The test's D1 as a read replica that has not yet caught up with some tables' newest rows: a statement that
 * reads one of them finds nothing, on its own or in a batch. Everything else runs on the real binding.
 */
export function laggingReplica(d1: D1Database, tables: readonly string[]): D1Database {
  const behind = new WeakSet<object>();
  const lags = (sql: string) =>
    tables.some((table) => sql.includes(`"${table}"`) || sql.includes(` ${table} `));
  const wrap = (statement: D1PreparedStatement, lagging: boolean): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...params: unknown[]) => wrap(target.bind(...params), lagging);
        if (lagging && prop === 'all') return async () => ({ ...(await target.all()), results: [] });
        if (lagging && prop === 'raw') return async () => [];
        if (lagging && prop === 'first') return async () => null;
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    if (lagging) behind.add(proxy);
    originals.set(proxy, statement);
    return proxy;
  };
  const originals = new WeakMap<object, D1PreparedStatement>();
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), lags(sql));
      if (prop === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => originals.get(s) ?? s));
          return results.map((result, i) =>
            behind.has(statements[i] as object) ? { ...result, results: [] } : result,
          );
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
