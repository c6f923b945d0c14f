/**
 * The lower quartile, median and upper quartile of a list (linear interpolation between the closest ranks,
 * as spreadsheets' QUARTILE.INC), or null for an empty list.
 */
export function quartiles(values: readonly number[]): { p25: number; median: number; p75: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => {
    const position = (sorted.length - 1) * q;
    const below = Math.floor(position);
    const low = sorted[below] as number;
    const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
    return low + (high - low) * (position - below);
  };
  return { p25: at(0.25), median: at(0.5), p75: at(0.75) };
}
