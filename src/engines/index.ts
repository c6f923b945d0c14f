import { engine as colorsort } from './colorsort/index.js';
import { engine as loop } from './loop/index.js';
import { engine as pattern } from './pattern/index.js';
import { engine as signal } from './signal/index.js';
import { engine as sudoku } from './sudoku/index.js';
import type { AnyEngine, Kind, Level } from './types.js';

/** The registry: one engine per kind. Adding a kind means one line here and its folder. */
export const ENGINES: { readonly [K in Kind]: AnyEngine } = {
  sudoku,
  pattern,
  loop,
  signal,
  colorsort,
};

export function engineFor(kind: Kind): AnyEngine {
  return ENGINES[kind];
}

export function isLevelOf(kind: Kind, level: string): level is Level {
  return (ENGINES[kind].levels as readonly string[]).includes(level);
}
