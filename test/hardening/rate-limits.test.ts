import { describe, expect, it } from 'vitest';
import { memoryLimiter, RATE_LIMITS } from '../../src/http/rate-limit.js';
import { appAt, type ErrorJson } from '../support/app.js';
import { bearer, humanLogFor, register, startPuzzle, wrongSudoku } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const api = appAt(at);

describe('abuse limits', () => {
  it('answer 429 with Retry-After once one address creates too many players', async () => {
    const address = { 'CF-Connecting-IP': '203.0.113.7', 'content-type': 'application/json' };
    const statuses: number[] = [];
    const create = () => api('/v1/players', { method: 'POST', headers: address, body: '{}' });
    for (let i = 0; i < RATE_LIMITS.playerCreation.limit; i++) statuses.push((await create()).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(((await refused.json()) as ErrorJson).error.code).toBe('rate_limited');

    const elsewhere = await api('/v1/players', {
      method: 'POST',
      headers: { ...address, 'CF-Connecting-IP': '203.0.113.8' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(201);
  });

  it('answer 429 once one player submits too often', async () => {
    const { player, token } = await register(at);
    await startPuzzle(at, token, '2026-11-29', 'sudoku', 'easy');
    const wrong = await wrongSudoku('2026-11-29', 'easy');
    const log = await humanLogFor(player.id, '2026-11-29/sudoku/easy', wrong, '2026-11-29T12:05:00Z');
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.submissionPerPlayer.limit; i++) {
      const res = await appAt('2026-11-29T12:05:00Z')('/v1/puzzles/2026-11-29/sudoku/easy/submissions', {
        method: 'POST',
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          'CF-Connecting-IP': `198.51.100.${i}`,
        },
        body: JSON.stringify({ solution: wrong, log }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, RATE_LIMITS.submissionPerPlayer.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('fall back to an in-memory window that resets after its period', async () => {
    let now = 0;
    const limiter = memoryLimiter(2, 10_000, () => now);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await limiter.limit({ key: 'k' })).success);
    expect(outcomes).toEqual([true, true, false]);
    expect((await limiter.limit({ key: 'other' })).success).toBe(true);
    now = 10_000;
    expect((await limiter.limit({ key: 'k' })).success).toBe(true);
  });
});
