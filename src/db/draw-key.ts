import { type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * A solve's place in its date's random calibration draw: a keyed hash of the submission id seeded from the
 * puzzle date, so each date draws a different, reproducible permutation of its solves, and "the first
 * `n` by draw key" is a uniform random sample of them rather than whoever submitted first.
 *
 * Arithmetic modulo the prime 2^31 − 1 (every product stays below 2^63, so SQLite keeps integers): an
 * affine map of (id, date) then a quadratic round, which breaks the lattice an affine map alone would leave
 * among consecutive ids. The expression is the one index `submissions_calibration` is built on: the
 * draw's `order by` must spell it identically so that SQLite reads the index in draw order and stops after
 * `n` entries, whatever the date's size.
 */
export function drawKeySql(id: AnySQLiteColumn, puzzleDate: AnySQLiteColumn): SQL {
  const mixed = sql`((${id} * 48271 + cast(replace(${puzzleDate}, '-', '') as integer) * 69621) % 2147483647)`;
  return sql`((((${mixed} * ${mixed}) % 2147483647) * 16807 + ${mixed}) % 2147483647)`;
}
