import type { LogEntry, LogStep } from '../../src/engines/types.js';

/** A small deterministic generator (mulberry32): the same seed gives the same log everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * The steps as a person enters them: gaps drawn from a log-normal distribution (σ 0.8, as people's
 * inter-entry times are roughly log-normal and heavy-tailed), scaled so that the log runs from `startMs`
 * to `endMs`.
 */
export function humanLog(
  steps: readonly LogStep[],
  options: { startMs?: number; endMs: number; seed?: number },
): LogEntry[] {
  const random = seededRandom(options.seed ?? 1);
  const gaps = steps.map(() => Math.exp(0.8 * normal(random)));
  const total = gaps.reduce((a, b) => a + b, 0);
  const start = options.startMs ?? 1000;
  const span = Math.max(0, options.endMs - start);
  let t = start;
  return steps.map(([a, b], i) => {
    t += ((gaps[i] ?? 0) / total) * span;
    return [Math.round(t), a, b];
  });
}

/** The steps entered every `gapMs` from `startMs`, as a script that sleeps between moves would. */
export function evenLog(steps: readonly LogStep[], startMs: number, gapMs: number): LogEntry[] {
  return steps.map(([a, b], i) => [startMs + i * gapMs, a, b]);
}
