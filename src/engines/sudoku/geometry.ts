/** Cell geometry shared by the grader, the checker and the breakdown: units and peers as index lists. */

export const rowOf = (cell: number): number => (cell / 9) | 0;
export const colOf = (cell: number): number => cell % 9;
export const boxOf = (cell: number): number => 3 * ((cell / 27) | 0) + (((cell % 9) / 3) | 0);

/** "r3c5", the name a player reads in a rejection reason (1-based). */
export const cellName = (cell: number): string => `r${rowOf(cell) + 1}c${colOf(cell) + 1}`;

function build(): { units: number[][]; unitsOf: number[][]; peers: number[][] } {
  const units: number[][] = [];
  for (let r = 0; r < 9; r++) units.push(Array.from({ length: 9 }, (_, c) => r * 9 + c));
  for (let c = 0; c < 9; c++) units.push(Array.from({ length: 9 }, (_, r) => r * 9 + c));
  for (let b = 0; b < 9; b++) {
    const r0 = 3 * ((b / 3) | 0);
    const c0 = 3 * (b % 3);
    units.push(Array.from({ length: 9 }, (_, k) => (r0 + ((k / 3) | 0)) * 9 + c0 + (k % 3)));
  }
  const unitsOf: number[][] = [];
  const peers: number[][] = [];
  for (let cell = 0; cell < 81; cell++) {
    unitsOf.push([rowOf(cell), 9 + colOf(cell), 18 + boxOf(cell)]);
    const set = new Set<number>();
    for (const u of unitsOf[cell] as number[]) for (const other of units[u] as number[]) set.add(other);
    set.delete(cell);
    peers.push([...set].sort((a, b) => a - b));
  }
  return { units, unitsOf, peers };
}

const built = build();
/** The 27 units: rows 0-8, columns 9-17, boxes 18-26; each lists its 9 cells in reading order. */
export const UNITS: readonly (readonly number[])[] = built.units;
/** For each cell, its row, column and box unit indexes. */
export const UNITS_OF: readonly (readonly number[])[] = built.unitsOf;
/** For each cell, the 20 cells sharing a unit with it. */
export const PEERS: readonly (readonly number[])[] = built.peers;
/** SEES[a * 81 + b] is 1 when cells a and b share a unit: an O(1) test for wings. */
export const SEES: Uint8Array = (() => {
  const m = new Uint8Array(81 * 81);
  for (let a = 0; a < 81; a++) for (const b of PEERS[a] as number[]) m[a * 81 + b] = 1;
  return m;
})();

/** Number of set bits of a 9-bit candidate mask. */
export const POPCOUNT9: Uint8Array = (() => {
  const t = new Uint8Array(512);
  for (let m = 1; m < 512; m++) t[m] = (t[m >> 1] as number) + (m & 1);
  return t;
})();

/** The digit (1-9) of a single-bit mask. */
export const digitOfBit = (bit: number): number => 32 - Math.clz32(bit);
