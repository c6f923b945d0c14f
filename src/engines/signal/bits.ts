/**
 * Candidate sets are bitmasks: bit h−1 stands for height h, so n ≤ 9 fits in nine bits and a line's
 * Latin bookkeeping is a few ORs.
 */

const POPCOUNT = new Uint8Array(1 << 9);
for (let m = 1; m < POPCOUNT.length; m++) POPCOUNT[m] = (POPCOUNT[m >> 1] ?? 0) + (m & 1);

export function popcount(mask: number): number {
  return POPCOUNT[mask] ?? 0;
}

export function fullMask(n: number): number {
  return (1 << n) - 1;
}

export function bitOf(height: number): number {
  return 1 << (height - 1);
}

/** The height of a single-bit mask. */
export function heightOf(bit: number): number {
  return 32 - Math.clz32(bit);
}

export function isSingle(mask: number): boolean {
  return mask !== 0 && (mask & (mask - 1)) === 0;
}
