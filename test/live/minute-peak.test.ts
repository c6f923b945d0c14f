import { describe, expect, it } from 'vitest';
import { MinutePeak } from '../../src/live/minute-peak.js';

function solvesAt(peak: MinutePeak, minute: string, n: number): void {
  for (let i = 0; i < n; i++) peak.add(`${minute}:${String(i % 60).padStart(2, '0')}.000Z`);
}

describe("a board's busiest minute", () => {
  it('is nothing to write before the first solve', () => {
    expect(new MinutePeak().unwritten()).toBeNull();
  });

  it('is the most solves judged within one clock minute', () => {
    const peak = new MinutePeak();
    solvesAt(peak, '2026-11-29T12:00', 5);
    solvesAt(peak, '2026-11-29T12:01', 9);
    solvesAt(peak, '2026-11-29T12:02', 3);
    expect(peak.unwritten()).toBe(9);
  });

  it('counts a late answer in the minute it was judged in', () => {
    const peak = new MinutePeak();
    solvesAt(peak, '2026-11-29T12:00', 4);
    solvesAt(peak, '2026-11-29T12:01', 4);
    solvesAt(peak, '2026-11-29T12:00', 1);
    expect(peak.unwritten()).toBe(5);
  });

  it('is written once, and again only when a later minute beats it', () => {
    const peak = new MinutePeak();
    solvesAt(peak, '2026-11-29T12:00', 6);
    peak.wrote(6);
    expect(peak.unwritten()).toBeNull();
    solvesAt(peak, '2026-11-29T12:01', 6);
    expect(peak.unwritten()).toBeNull();
    solvesAt(peak, '2026-11-29T12:01', 1);
    expect(peak.unwritten()).toBe(7);
  });

  it('forgets minutes long past, keeping the peak they made', () => {
    const peak = new MinutePeak();
    solvesAt(peak, '2026-11-29T12:00', 8);
    for (let m = 1; m <= 10; m++) solvesAt(peak, `2026-11-29T12:${String(m).padStart(2, '0')}`, 2);
    expect(peak.unwritten()).toBe(8);
  });
});
