/**
 * The registry of puzzle kinds on the server: one descriptor for each kind of src/contract/kinds, the
 * list every other list of kinds is derived from (routes, the OpenAPI document, the daily schedule,
 * benchmarks' defaults, the demo page through GET /v1/kinds). Adding a kind: its engine folder, its wire
 * format in src/contract/kinds, its descriptor file here and one line below, a board module for the demo
 * page (public/kinds/<kind>.js), and tests. CONTRIBUTING.md has the recipe.
 */
import { KIND_SHAPES, KINDS, type Kind } from '../contract/kinds/index.js';
import { colorsort } from './colorsort.js';
import type { KindDescriptor } from './descriptor.js';
import { loop } from './loop.js';
import { pattern } from './pattern.js';
import { kindRegistry } from './registry.js';
import { signal } from './signal.js';
import { sudoku } from './sudoku.js';

/**
 * Exactly the kinds of the wire format, each with its own kind's descriptor: the compiler refuses a missing
 * or an extra kind, an engine of another kind's name or levels, a per-level table short of a level, and a
 * hint whose position is not the wire format's.
 */
export const KIND_DESCRIPTORS = { sudoku, pattern, loop, signal, colorsort } as const satisfies {
  readonly [K in Kind]: KindDescriptor<K>;
};

export { KINDS, type Kind };

/** What code that takes a kind at run time reads, derived from the two lists (src/kinds/registry.ts). */
export const {
  isKind,
  descriptorOf,
  engineFor,
  isLevelOf,
  revealOf,
  hintOf,
  hasDefaultBenchmark,
  defaultBenchmark,
} = kindRegistry(KIND_SHAPES, KIND_DESCRIPTORS);
