import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Statement } from './batch.js';
import type { Db } from './client.js';

/**
 * How much of a statement's one JSON value a batch of rows may fill: D1 allows 2 MB in a value and a row,
 * and the rows of held solves carry their move logs.
 */
const MAX_JSON_BYTES = 1_000_000;

/**
 * Statements inserting many rows, each statement a single JSON parameter holding up to `MAX_JSON_BYTES` of
 * them (D1 allows 100 bound parameters, which a row-per-parameter insert fills with two or three rows of a
 * wide table). Rows go in in the order given and one that breaks a uniqueness constraint is skipped; each
 * statement reads as the values of `returning` of the rows it inserted (a JSON array of them for several
 * columns, a 1 for each row without it). A column a
 * row leaves out takes its drizzle default, as drizzle's own insert gives it; one with no default is null.
 */
export function jsonRowsInsert<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning?: SQLiteColumn | readonly SQLiteColumn[],
  shape?: RowsShape,
): Statement<unknown[]>[] {
  const columns = Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).filter(
    ([key, column]) =>
      valueDefault(column) !== undefined ||
      rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const given = (column: SQLiteColumn) =>
    `json_extract(r.value, '$[${columns.findIndex(([, c]) => c === column)}]')`;
  const replaced = shape?.columns(given) ?? new Map<SQLiteColumn, string>();
  const values = columns.map(([, column]) => replaced.get(column) ?? given(column)).join(', ');
  const sql = `insert into "${getTableName(table)}" (${names}) select ${values} from json_each(?1) r
    ${shape?.join(given) ?? ''} where true
    order by r.key on conflict do nothing returning ${returnedSql(returning)} as value`;
  return chunks(rows.map((row) => JSON.stringify(driverValues(columns, row)))).map((chunk) => ({
    statement: db.$client.prepare(sql).bind(`[${chunk.join(',')}]`),
    read: (result) => (result.results as { value: unknown }[]).map((r) => r.value),
  }));
}

/**
 * How a `jsonRowsInsert` reads its rows other than as given: a join (rows without a match are left out)
 * and columns computed from the row's values and the joined tables. `given` is the SQL of a column's value
 * as the row gives it.
 */
export interface RowsShape {
  join(given: (column: SQLiteColumn) => string): string;
  columns(given: (column: SQLiteColumn) => string): Map<SQLiteColumn, string>;
}

/** What each inserted row reads as: a column's value, several columns' as one JSON array, or a 1. */
function returnedSql(returning: SQLiteColumn | readonly SQLiteColumn[] | undefined): string {
  if (returning === undefined) return '1';
  if (!isColumnList(returning)) return `"${returning.name}"`;
  return `json_array(${returning.map((column) => `"${column.name}"`).join(', ')})`;
}

function isColumnList(
  returning: SQLiteColumn | readonly SQLiteColumn[],
): returning is readonly SQLiteColumn[] {
  return Array.isArray(returning);
}

/** A column's default when it is a value (not SQL the database would evaluate). */
function valueDefault(column: SQLiteColumn): unknown {
  return is(column.default, SQL) ? undefined : column.default;
}

/** A row's values as the driver stores them (booleans as 0 or 1, JSON columns as text), in column order. */
function driverValues(columns: readonly [string, SQLiteColumn][], row: object): unknown[] {
  return columns.map(([key, column]) => {
    const given = (row as Record<string, unknown>)[key];
    const value = given === undefined ? valueDefault(column) : given;
    return value === undefined || value === null ? null : column.mapToDriverValue(value);
  });
}

/** Serialised rows grouped so that each group's JSON array stays within `MAX_JSON_BYTES`. */
function chunks(serialised: readonly string[]): string[][] {
  const groups: string[][] = [];
  let size = Infinity;
  for (const row of serialised) {
    if (size + row.length + 1 > MAX_JSON_BYTES) {
      groups.push([]);
      size = 2;
    }
    groups.at(-1)?.push(row);
    size += row.length + 1;
  }
  return groups;
}
