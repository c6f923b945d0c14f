import { describe, expect, it } from 'vitest';
import { countedTime, SERVER_ALLOWANCE_MS } from '../../src/rating/counted-time.js';

describe('counted time', () => {
  it("keeps the client's time when it fits in what the server saw", () => {
    expect(countedTime(95_000, 100_000)).toEqual({ countedMs: 95_000, capped: false });
  });

  it("keeps the client's time when it exceeds the server's window by less than the allowance", () => {
    expect(countedTime(100_000 + SERVER_ALLOWANCE_MS, 100_000)).toEqual({
      countedMs: 100_000 + SERVER_ALLOWANCE_MS,
      capped: false,
    });
  });

  it("caps a claim beyond the server's window plus the allowance and says so", () => {
    expect(countedTime(500_000, 100_000)).toEqual({ countedMs: 100_000 + SERVER_ALLOWANCE_MS, capped: true });
  });

  it('treats a slightly negative server window (clock disagreement) as zero', () => {
    expect(countedTime(10_000, -50)).toEqual({ countedMs: SERVER_ALLOWANCE_MS, capped: true });
  });

  it('allows a two-second allowance', () => {
    expect(SERVER_ALLOWANCE_MS).toBe(2000);
  });

  it('rejects a negative or non-finite client time', () => {
    expect(() => countedTime(-1, 1000)).toThrow(RangeError);
    expect(() => countedTime(Number.NaN, 1000)).toThrow(RangeError);
    expect(() => countedTime(1000, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
