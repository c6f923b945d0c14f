import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GameResult,
  GLICKO2_SCALE,
  MAX_DEVIATION,
  MAX_VOLATILITY,
  MIN_DEVIATION,
  type Rating,
  update,
  VOLATILITY_TOLERANCE,
} from '../../src/rating/glicko2.js';
import { paperRoot, paperStep } from './glicko2-reference.js';

// Step 5 of the paper stops once the bracket around the root of f is at most ε = VOLATILITY_TOLERANCE
// wide in x = ln σ′², and the root stays inside the bracket: the x of the σ′ returned is within ε of the
// root. That is the whole promise, so these properties hold the code to it, against a root found apart
// from it (glicko2-reference.ts), over inputs far wider than the product feeds it.

/** Log-uniform in [min, max]: RDs and volatilities span orders of magnitude. */
const logUniform = (min: number, max: number) =>
  fc.double({ min: Math.log(min), max: Math.log(max), noNaN: true }).map(Math.exp);

const ratingArb: fc.Arbitrary<Rating> = fc.record({
  rating: fc.double({ min: 0, max: 3000, noNaN: true }),
  deviation: logUniform(1, 3500),
  volatility: logUniform(0.001, 1),
});

const scoreArb = fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true }));

const gamesArb: fc.Arbitrary<GameResult[]> = fc.array(fc.record({ opponent: ratingArb, score: scoreArb }), {
  minLength: 1,
  maxLength: 30,
});

/** τ as the caller gives it: the default, or anything across the paper's range and past it. */
const tauArb = fc.option(fc.double({ min: 0.2, max: 1.5, noNaN: true }), { nil: undefined });

/** A settled player upset by opponents far from it: the paper's case Δ² > φ² + v, which brackets differently. */
const upsetArb = fc
  .record({
    rating: fc.double({ min: 1000, max: 2000, noNaN: true }),
    deviation: logUniform(1, 120),
    volatility: logUniform(0.001, 1),
    gap: fc.double({ min: 300, max: 1500, noNaN: true }),
    games: fc.integer({ min: 1, max: 5 }),
    opponentDeviation: logUniform(1, 150),
  })
  .map(({ rating, deviation, volatility, gap, games, opponentDeviation }) => ({
    player: { rating, deviation, volatility },
    games: Array.from({ length: games }, () => ({
      opponent: { rating: rating + gap, deviation: opponentDeviation, volatility: 0.06 },
      score: 1,
    })),
  }));

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The rating after the period as the paper computes it from x = ln σ′² (steps 6–8), bounded as update()
 * bounds it: what update() must return when it finds x exactly.
 */
function afterFromRoot(player: Rating, games: readonly GameResult[], x: number): Rating {
  const step = paperStep(player, games);
  const phiStar2 = step.phi ** 2 + Math.exp(x);
  const phiNew2 = 1 / (1 / phiStar2 + 1 / step.v);
  return {
    rating: (step.mu + phiNew2 * step.surprise) * GLICKO2_SCALE + 1500,
    deviation: clamp(Math.sqrt(phiNew2) * GLICKO2_SCALE, MIN_DEVIATION, MAX_DEVIATION),
    volatility: Math.min(MAX_VOLATILITY, Math.exp(x / 2)),
  };
}

/**
 * update() is within the tolerance of the exact answer: ln σ′² within ε of the root (min with the cap is
 * 1-Lipschitz, so the cap cannot widen it); ln RD′ within ε/2, since d ln φ′ / dx = φ′² eˣ / (2(φ² + eˣ)²) ≤ ½;
 * the rating's change within a factor e^ε, since it is φ′² times a fixed sum and d ln φ′² / dx ≤ 1. The
 * 10⁻¹² terms are floating-point rounding, far below ε.
 */
function expectWithinTolerance(player: Rating, games: readonly GameResult[], tau: number | undefined): void {
  const root = paperRoot(paperStep(player, games), tau ?? 0.75);
  const exact = afterFromRoot(player, games, root);
  const after = update(player, games, tau === undefined ? {} : { tau });
  const eps = VOLATILITY_TOLERANCE;
  expect(Math.abs(2 * Math.log(after.volatility) - 2 * Math.log(exact.volatility))).toBeLessThanOrEqual(
    eps + 1e-12,
  );
  expect(Math.abs(Math.log(after.deviation) - Math.log(exact.deviation))).toBeLessThanOrEqual(
    eps / 2 + 1e-12,
  );
  expect(Math.abs(after.rating - exact.rating)).toBeLessThanOrEqual(
    Math.expm1(eps) * Math.abs(exact.rating - player.rating) + 1e-9,
  );
}

describe('Glicko-2’s new volatility (step 5), against the root of the paper’s f', () => {
  it('is within ε in ln σ′² of the root, with RD and rating to match, over ratings 0–3000, RDs 1–3500, σ 0.001–1, 1–30 games and τ 0.2–1.5', () => {
    fc.assert(
      fc.property(ratingArb, gamesArb, tauArb, (player, games, tau) => {
        expectWithinTolerance(player, games, tau);
      }),
      { numRuns: 2000 },
    );
  });

  it('is within ε of the root after an upset of a settled player, where Δ² > φ² + v', () => {
    fc.assert(
      fc.property(upsetArb, tauArb, ({ player, games }, tau) => {
        const step = paperStep(player, games);
        expect(step.delta ** 2).toBeGreaterThan(step.phi ** 2 + step.v);
        expectWithinTolerance(player, games, tau);
      }),
      { numRuns: 1000 },
    );
  });

  it('is within ε of the root for the extreme RDs 1 and 3500 on either side of the game', () => {
    for (const deviation of [1, 3500]) {
      for (const opponentDeviation of [1, 3500]) {
        for (const score of [0, 0.5, 1]) {
          const player = { rating: 1500, deviation, volatility: 0.06 };
          const games = [
            { opponent: { rating: 1900, deviation: opponentDeviation, volatility: 0.06 }, score },
          ];
          expectWithinTolerance(player, games, undefined);
        }
      }
    }
  });
});
