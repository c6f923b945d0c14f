import type { GameResult, Rating } from '../../src/rating/glicko2.js';

/** The paper's steps 2–4 on the Glicko-2 scale: φ, the variance v, the improvement Δ and a = ln σ². */
export interface PaperStep {
  mu: number;
  phi: number;
  v: number;
  delta: number;
  a: number;
  /** Σ g(φj)(sj − E): Δ = v × this. */
  surprise: number;
}

const SCALE = 173.7178;

/** Steps 2–4 of Glickman's "Example of the Glicko-2 system", written out again from the paper. */
export function paperStep(player: Rating, games: readonly GameResult[]): PaperStep {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  let information = 0;
  let surprise = 0;
  for (const { opponent, score } of games) {
    const gJ = 1 / Math.sqrt(1 + (3 * (opponent.deviation / SCALE) ** 2) / Math.PI ** 2);
    const eJ = 1 / (1 + Math.exp(-gJ * (mu - (opponent.rating - 1500) / SCALE)));
    information += gJ * gJ * eJ * (1 - eJ);
    surprise += gJ * (score - eJ);
  }
  const v = 1 / information;
  return { mu, phi, v, delta: v * surprise, a: Math.log(player.volatility ** 2), surprise };
}

/** The paper's f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a) / τ², x = ln σ′². */
export function paperF(step: PaperStep, tau: number): (x: number) => number {
  const { phi, v, delta, a } = step;
  return (x) =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) -
    (x - a) / (tau * tau);
}

/** Bisection of f on [lo, hi] (f(lo) > 0 ≥ f(hi), or the other way round) to the last bit. */
function bisect(f: (x: number) => number, lo: number, hi: number): number {
  const rising = f(lo) <= 0;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0 !== rising) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Every root of the paper's f, found apart from the code under test. The first term of f lies in
 * [−½, D / (8P)] (D = Δ² − φ² − v, P = φ² + v) and is negative past x = ln D, so f > 0 below a − τ²/2 and
 * f < 0 above max(a, ln D): the roots lie between. That stretch is cut into 4,096 pieces and each sign
 * change bisected. f has one root for the inputs the product gives it, but up to three when Δ² is far
 * above φ² + v and σ is large (the tests below show one).
 */
export function paperRoots(step: PaperStep, tau: number): number[] {
  const f = paperF(step, tau);
  const d = step.delta ** 2 - step.phi ** 2 - step.v;
  const from = step.a - (tau * tau) / 2 - 1;
  const to = Math.max(step.a, d > 0 ? Math.log(d) : step.a) + 1;
  const pieces = 4096;
  const roots: number[] = [];
  let x0 = from;
  let f0 = f(x0);
  for (let i = 1; i <= pieces; i++) {
    const x1 = from + ((to - from) * i) / pieces;
    const f1 = f(x1);
    if (f1 === 0) roots.push(x1);
    else if (f0 !== 0 && f0 > 0 !== f1 > 0) roots.push(bisect(f, x0, x1));
    x0 = x1;
    f0 = f1;
  }
  return roots;
}

/** The root of f when it has one: the paper's σ′ is e^(root / 2). */
export function paperRoot(step: PaperStep, tau: number): number {
  const roots = paperRoots(step, tau);
  if (roots.length !== 1) throw new Error(`f has ${roots.length} roots here, not one`);
  return roots[0] as number;
}

/**
 * Step 5 of the paper as its text gives it, in its own names (A, B, C): the bracket's ends and the
 * Illinois iteration to |B − A| ≤ ε, from a = ln σ² with the lower end B = ln(Δ² − φ² − v) when
 * Δ² > φ² + v, else a − kτ for the first k = 1, 2, … with f(a − kτ) ≥ 0. Returns the final A = ln σ′².
 */
export function paperIteration(step: PaperStep, tau: number, epsilon: number): number {
  const f = paperF(step, tau);
  const { phi, v, delta, a } = step;
  let A = a;
  let B: number;
  if (delta ** 2 > phi ** 2 + v) {
    B = Math.log(delta ** 2 - phi ** 2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > epsilon) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return A;
}
