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

/**
 * The root of the paper's f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a) / τ², found apart from
 * the code under test: widen a bracket around a until f changes sign (f → +∞ as x → −∞ and → −∞ as
 * x → +∞), then bisect it to the last bit. The paper's σ′ is e^(root / 2).
 */
export function paperRoot(step: PaperStep, tau: number): number {
  const { phi, v, delta, a } = step;
  const f = (x: number) =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) -
    (x - a) / (tau * tau);
  let lo = a - 1;
  let hi = a + 1;
  while (f(lo) <= 0) lo -= hi - lo;
  while (f(hi) > 0) hi += hi - lo;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return lo;
}
