/**
 * The registry of puzzle kinds on the server: one descriptor for each kind of src/contract/kinds, the
 * list every other list of kinds is derived from (routes, the OpenAPI document, the daily schedule,
 * benchmarks' defaults, the demo page through GET /v1/kinds). Adding a kind: its engine folder, its wire
 * format in src/contract/kinds, its descriptor file here and one line below, a board module for the demo
 * page (public/kinds/<kind>.js), and tests. CONTRIBUTING.md has the recipe.
 */
import { KINDS, type Kind } from '../contract/kinds/index.js';
import type { AnyEngine, Level } from '../engines/types.js';
import type { BenchmarkBase } from '../rating/puzzle-benchmark.js';
import { colorsort } from './colorsort.js';
import type { KindDescriptor } from './descriptor.js';
import { loop } from './loop.js';
import { pattern } from './pattern.js';
import { signal } from './signal.js';
import { sudoku } from './sudoku.js';

/** Exactly the kinds of the wire format: the compiler refuses a missing or an extra one. */
export const KIND_DESCRIPTORS = { sudoku, pattern, loop, signal, colorsort } as const satisfies {
  readonly [K in Kind]: KindDescriptor;
};

export { KINDS, type Kind };

export function isKind(name: string): name is Kind {
  return Object.hasOwn(KIND_DESCRIPTORS, name);
}

export function descriptorOf(kind: Kind): KindDescriptor {
  return KIND_DESCRIPTORS[kind];
}

export function engineFor(kind: Kind): AnyEngine {
  return KIND_DESCRIPTORS[kind].engine;
}

export function isLevelOf(kind: Kind, level: string): level is Level {
  return (engineFor(kind).levels as readonly string[]).includes(level);
}

export function hasDefaultBenchmark(kind: Kind, level: Level): boolean {
  const { seconds }: KindDescriptor['benchmark'] = KIND_DESCRIPTORS[kind].benchmark;
  return seconds[level] !== undefined;
}

/** The starting benchmark of a kind and level (what migration 0002 seeds), for a level the table lacks. */
export function defaultBenchmark(kind: Kind, level: Level): BenchmarkBase {
  const { unit, seconds }: KindDescriptor['benchmark'] = KIND_DESCRIPTORS[kind].benchmark;
  const value = seconds[level];
  if (value === undefined) throw new RangeError(`${kind} has no level ${level}`);
  return { seconds: value, unit };
}
