import type { KindShapes } from '../contract/kinds/index.js';
import { noSuchLevel } from '../engines/levels.js';
import type { BenchmarkBase } from '../rating/puzzle-benchmark.js';
import type {
  HintCapability,
  KindDescriptorFor,
  RevealCapability,
  SomeEngine,
  SomeKindDescriptor,
} from './descriptor.js';

/** A descriptor for every kind of `Shapes`, each held to its own kind's wire format. */
export type DescriptorsFor<Shapes extends Record<string, KindShapes>> = {
  readonly [K in keyof Shapes & string]: KindDescriptorFor<K, Shapes[K]>;
};

/**
 * What code that takes a kind at run time reads of a set of kinds: the list, in the wire format's order, and
 * each kind's descriptor (with its wire format's facts), engine and capabilities. The service's registry (src/kinds/index.ts) is one; a
 * test builds another with a kind of its own, so the recipe for a new kind is checked by the same code.
 */
export function kindRegistry<Shapes extends Record<string, KindShapes>>(
  shapes: Shapes,
  descriptors: DescriptorsFor<Shapes>,
) {
  type K = keyof Shapes & string;
  type L = Shapes[K]['levels'][number];
  const kinds = Object.keys(shapes) as [K, ...K[]];
  const isKind = (name: string): name is K => Object.hasOwn(shapes, name) && Object.hasOwn(descriptors, name);
  const whole = new Map(
    kinds.map((kind): [K, SomeKindDescriptor<K, L>] => {
      // `kinds` are the keys of `shapes`.
      const { publicPuzzle, solution, logEntry, logFormat } = shapes[kind] as KindShapes;
      const descriptor = descriptors[kind] as Omit<SomeKindDescriptor<K, L>, keyof KindShapes>;
      return [kind, { ...descriptor, publicPuzzle, solution, logEntry, logFormat }];
    }),
  );
  const descriptorOf = (kind: K): SomeKindDescriptor<K, L> => {
    const descriptor = whole.get(kind);
    if (!descriptor) throw new RangeError(`${kind} is not a kind of this registry`);
    return descriptor;
  };
  const engineFor = (kind: K): SomeEngine<K, L> => descriptorOf(kind).engine;
  return {
    kinds,
    isKind,
    descriptorOf,
    engineFor,
    isLevelOf: (kind: K, level: string): level is L =>
      (engineFor(kind).levels as readonly string[]).includes(level),
    /** The reveal capability of `kind`, or undefined for a kind that hides nothing (the route answers 404). */
    revealOf: (kind: K): RevealCapability<unknown, unknown> | undefined => descriptorOf(kind).reveal,
    /** The hint capability of `kind`: every kind has one. */
    hintOf: (kind: K): HintCapability<unknown, unknown> => descriptorOf(kind).hint,
    hasDefaultBenchmark: (kind: K, level: L): boolean =>
      descriptorOf(kind).benchmark.seconds[level] !== undefined,
    /** The starting benchmark of a kind and level (what migration 0002 seeds), for a level the table lacks. */
    defaultBenchmark(kind: K, level: L): BenchmarkBase {
      const { unit, seconds } = descriptorOf(kind).benchmark;
      const value = seconds[level];
      if (value === undefined) throw new RangeError(noSuchLevel(kind, engineFor(kind).levels, level));
      return { seconds: value, unit };
    },
  };
}
