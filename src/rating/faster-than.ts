/** Percent of the other solvers that were slower; a lone solver has beaten everyone there is. */
export function fasterThan(rank: number, total: number): number {
  return total <= 1 ? 100 : Math.round(((total - rank) / (total - 1)) * 100);
}
