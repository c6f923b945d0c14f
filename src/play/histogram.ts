/**
 * The time histogram's bucket edges for a puzzle, from its benchmark. Times of a day's solvers spread over
 * a wide ratio (a fast solver takes a tenth of the benchmark, a slow one twice it), so equal-width buckets
 * put nearly everyone in one or two bars; buckets that grow by √2 give every factor of two the same two
 * bars. From a sixteenth of the benchmark up to twice it; the first bucket starts at 0 and the last is
 * open-ended.
 */
export const HISTOGRAM_BUCKETS = 12;

const FIRST_EDGE = 1 / 16;
const STEP = Math.SQRT2;

/**
 * The `HISTOGRAM_BUCKETS - 1` inner edges in milliseconds, strictly increasing: bucket i holds
 * [edges[i-1], edges[i]) with edges[-1] = 0 and the last bucket everything from the last edge. Edges of
 * ten seconds or more are whole seconds, to read well.
 */
export function histogramEdges(benchmarkSeconds: number): number[] {
  const edges: number[] = [];
  for (let i = 0; i < HISTOGRAM_BUCKETS - 1; i++) {
    const ms = benchmarkSeconds * 1000 * FIRST_EDGE * STEP ** i;
    const rounded = ms >= 10_000 ? Math.round(ms / 1000) * 1000 : Math.round(ms);
    edges.push(Math.max(rounded, (edges[i - 1] ?? 0) + 1));
  }
  return edges;
}
