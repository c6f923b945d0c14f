/** Small helpers shared by the service benchmarks (http, day, growth). */

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The q-quantile by nearest rank of an unsorted list; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** Milliseconds with a precision that suits their size. */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const align = header.map((_, i) => (i === 0 ? '---' : '---:'));
  return [header, align, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
