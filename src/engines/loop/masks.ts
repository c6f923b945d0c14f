/**
 * Constraint tables over the 16 on/off assignments of the four sides of a cell or a vertex (bit i of an
 * assignment = side i on). A set of assignments is a 16-bit mask, so narrowing a constraint is a few ANDs
 * and reading off forced sides is a subset test.
 */
export const ALL = 0xffff;

function setOf(pred: (m: number) => boolean): number {
  let set = 0;
  for (let m = 0; m < 16; m++) if (pred(m)) set |= 1 << m;
  return set;
}

const bits = (m: number) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);

/** Assignments with side i on / off. */
export const ON_SET = [0, 1, 2, 3].map((i) => setOf((m) => ((m >> i) & 1) === 1));
export const OFF_SET = ON_SET.map((s) => ALL ^ s);
/** Assignments with exactly k sides on (the clue k). */
export const COUNT_SET = [0, 1, 2, 3, 4].map((k) => setOf((m) => bits(m) === k));
/** A vertex has degree 0 or 2. */
export const DEGREE_SET = setOf((m) => bits(m) === 0 || bits(m) === 2);

const pair = (m: number, q: number) => ((m >> q) & 1) + ((m >> ((q + 1) & 3)) & 1);
/** Corner q = sides q and q+1: at least one of them on / at most one of them on. */
export const AT_LEAST_ONE = [0, 1, 2, 3].map((q) => setOf((m) => pair(m, q) >= 1));
export const AT_MOST_ONE = [0, 1, 2, 3].map((q) => setOf((m) => pair(m, q) <= 1));

/** Index i*4+j: sides i and j differ / agree (used when the two regions they separate are related). */
export const DIFFER = Array.from({ length: 16 }, (_, ij) =>
  setOf((m) => ((m >> (ij >> 2)) & 1) !== ((m >> (ij & 3)) & 1)),
);
export const AGREE = DIFFER.map((s) => ALL ^ s);
