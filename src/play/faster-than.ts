/**
 * Percent of the other solvers that were slower; a lone solver has beaten everyone there is. Apart from
 * play/submit.ts, which answers a submission with it, so that the boards that show it (routes/leaderboards.ts)
 * do not import the whole submission flow, fair play included.
 */
export function fasterThan(rank: number, total: number): number {
  return total <= 1 ? 100 : Math.round(((total - rank) / (total - 1)) * 100);
}
