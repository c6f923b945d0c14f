/** Lengths of the runs of 1s in a line, as the original reads them: [0,1,1,0,1] → [2,1], empty → []. */
export function computeClue(line: ArrayLike<number>): number[] {
  const runs: number[] = [];
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === 1) {
      run++;
    } else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs;
}

/** Row and column clues of a row-major 0/1 grid. */
export function cluesFor(
  grid: ArrayLike<number>,
  width: number,
  height: number,
): { rows: number[][]; cols: number[][] } {
  const rows: number[][] = [];
  const line = new Uint8Array(Math.max(width, height));
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) line[c] = grid[r * width + c] ?? 0;
    rows.push(computeClue(line.subarray(0, width)));
  }
  const cols: number[][] = [];
  for (let c = 0; c < width; c++) {
    for (let r = 0; r < height; r++) line[r] = grid[r * width + c] ?? 0;
    cols.push(computeClue(line.subarray(0, height)));
  }
  return { rows, cols };
}

export function sameClue(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
