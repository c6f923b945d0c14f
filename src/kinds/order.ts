/**
 * The order every list of puzzles or benchmarks shows: kinds as the registry lists them, each kind's
 * levels as its engine lists them (easiest first). Rows of a kind or level the registry no longer has go
 * last, by name, so a list stays stable.
 */
import { engineFor, isKind, KINDS } from './index.js';

interface KindLevel {
  kind: string;
  level: string;
}

/** Position in the registry's order; Infinity for a kind or level it does not have. */
function rank({ kind, level }: KindLevel): [number, number] {
  if (!isKind(kind)) return [Infinity, Infinity];
  const levelIndex = (engineFor(kind).levels as readonly string[]).indexOf(level);
  return [KINDS.indexOf(kind), levelIndex < 0 ? Infinity : levelIndex];
}

/** A comparator for Array.prototype.sort: registry kind order, then the engine's level order. */
export function byKindAndLevel(a: KindLevel, b: KindLevel): number {
  const [ak, al] = rank(a);
  const [bk, bl] = rank(b);
  if (ak !== bk) return ak < bk ? -1 : 1;
  if (ak === Infinity && a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  if (al !== bl) return al < bl ? -1 : 1;
  if (a.level !== b.level) return a.level < b.level ? -1 : 1;
  return 0;
}

/** A sorted copy of `rows` in the registry's order. */
export function inKindLevelOrder<Row extends KindLevel>(rows: readonly Row[]): Row[] {
  return [...rows].sort(byKindAndLevel);
}
