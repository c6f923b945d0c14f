/**
 * The original's pour rule on plain arrays: a pour moves the WHOLE same-colour run on top of tube `from`
 * onto tube `to`, which must be empty or show the same colour on top with room for the whole run.
 * Runs are never split, which is why two equal units at a tube's bottom can never be separated.
 */

export type Tubes = number[][];

/** Length of the same-colour run on top of `tube` (0 for an empty tube). */
export function topRun(tube: readonly number[]): number {
  const n = tube.length;
  if (n === 0) return 0;
  const top = tube[n - 1];
  let k = 1;
  while (k < n && tube[n - 1 - k] === top) k++;
  return k;
}

/** Why the pour from → to is illegal, or null when it is legal. Indices are assumed in range. */
export function pourError(
  tubes: readonly (readonly number[])[],
  capacity: number,
  from: number,
  to: number,
): string | null {
  if (from === to) return 'a tube cannot pour into itself';
  const src = tubes[from] ?? [];
  const dst = tubes[to] ?? [];
  if (src.length === 0) return `tube ${from} is empty`;
  const run = topRun(src);
  if (dst.length > 0 && dst[dst.length - 1] !== src[src.length - 1]) {
    return `tube ${to} shows a different colour on top`;
  }
  // Says nothing of the run's length: the units under the visible top may still be hidden.
  if (capacity - dst.length < run) return `tube ${to} has no room for the whole run on top of tube ${from}`;
  return null;
}

/** Applies a legal pour in place and returns the number of units moved. */
export function applyPour(tubes: Tubes, from: number, to: number): number {
  const src = tubes[from] as number[];
  const dst = tubes[to] as number[];
  const run = topRun(src);
  for (let k = 0; k < run; k++) dst.push(src.pop() as number);
  return run;
}

/** Sorted: every tube is empty or full of one colour (a duplicated colour then fills two tubes). */
export function isSolved(tubes: readonly (readonly number[])[], capacity: number): boolean {
  return tubes.every((t) => t.length === 0 || (t.length === capacity && topRun(t) === capacity));
}
