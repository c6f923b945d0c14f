/** D1 binds at most 100 parameters per statement, so multi-row inserts go in chunks of ⌊100 / columns⌋ rows. */
export const D1_MAX_PARAMS = 100;

export function chunkRows<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(D1_MAX_PARAMS / columns));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
