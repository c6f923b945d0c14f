import { describe, expect, it } from 'vitest';
import * as contract from '../../src/contract/admin.js';
import * as fairplay from '../../src/fairplay/verdict.js';

// The contract may import only zod, so it holds its own copy of the fair-play rules' reasons for a review.
describe("the contract's reasons for a review", () => {
  it('are the fair-play rules’ flag reasons, in their order', () => {
    expect(contract.FLAG_REASONS).toEqual(fairplay.FLAG_REASONS);
  });

  it('are the fair-play rules’ pending reasons, in their order', () => {
    expect(contract.PENDING_REASONS).toEqual(fairplay.PENDING_REASONS);
  });
});
