import { describe, expect, it } from 'vitest';
import { DayPuzzlesSchema, PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import { appAt } from '../support/app.js';
import { establishedPlayer } from '../support/established.js';
import { bodyOf } from '../support/json.js';
import { bearer, register, solveStored, startPuzzle, submit } from '../support/play.js';

/** Dates of their own, so no other request in this file shares their cached views. */
const date = '2026-08-10';
const noon = '2026-08-10T12:00:00Z';
const puzzlePath = `/v1/puzzles/${date}/sudoku/easy`;

describe('anonymous puzzle reads are cacheable', () => {
  const get = appAt(noon);

  it('serves one puzzle public for a minute, with an ETag, varying on Authorization', async () => {
    const res = await get(puzzlePath);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(res.headers.get('ETag')).toMatch(/^"[0-9a-f]{16}-[0-9a-z]+"$/);
    expect(res.headers.get('Vary')).toContain('Authorization');
  });

  it('answers a matching If-None-Match with 304, no body and the same validators', async () => {
    const etag = (await get(puzzlePath)).headers.get('ETag') ?? '';
    const res = await get(puzzlePath, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expect(res.headers.get('ETag')).toBe(etag);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('compares weakly: a W/ tag or one in a list still matches', async () => {
    const etag = (await get(puzzlePath)).headers.get('ETag') ?? '';
    const weak = await get(puzzlePath, { headers: { 'If-None-Match': `W/${etag}` } });
    expect(weak.status).toBe(304);
    const listed = await get(puzzlePath, { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect(listed.status).toBe(304);
  });

  it('sends the body again when the tag does not match', async () => {
    const res = await get(puzzlePath, { headers: { 'If-None-Match': '"0123456789abcdef0123456789abcdef"' } });
    expect(res.status).toBe(200);
    expect((await bodyOf(res, PlayablePuzzleSchema)).id).toBe(`${date}:sudoku:easy`);
  });

  it('serves the same bytes, hence the same ETag, to every anonymous reader', async () => {
    const [a, b] = await Promise.all([get(puzzlePath), appAt('2026-08-10T12:00:30Z')(puzzlePath)]);
    expect(a.headers.get('ETag')).toBe(b.headers.get('ETag'));
  });

  it('makes the days of puzzles public for a minute too', async () => {
    const res = await get(`/v1/puzzles/${date}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(res.headers.get('ETag')).toMatch(/^"[0-9a-f]{16}-[0-9a-z]+"$/);
  });
});

describe('today', () => {
  it('is fresh for a minute while the date lasts in that zone', async () => {
    const res = await appAt('2026-08-11T12:00:00Z')('/v1/puzzles/today');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('must be revalidated in the last minute of the date, so nobody keeps yesterday', async () => {
    const res = await appAt('2026-08-11T23:59:30Z')('/v1/puzzles/today');
    expect((await bodyOf(res, DayPuzzlesSchema)).date).toBe('2026-08-11');
    expect(res.headers.get('Cache-Control')).toBe('public, no-cache');
    expect(res.headers.get('ETag')).not.toBeNull();
  });

  it('uses the zone of the request: 23:59:30 UTC is mid-morning in Kiritimati', async () => {
    const res = await appAt('2026-08-11T23:59:30Z')('/v1/puzzles/today?tz=Pacific/Kiritimati');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
  });
});

describe('nothing private or failed is cacheable', () => {
  it('keeps a response with a start token private, untagged and never a 304', async () => {
    const { token } = await register(noon);
    const etag = (await appAt(noon)(puzzlePath)).headers.get('ETag') ?? '';
    const res = await appAt(noon)(puzzlePath, { headers: { ...bearer(token), 'If-None-Match': etag } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Vary')).toContain('Authorization');
    expect((await bodyOf(res, PlayablePuzzleSchema)).startToken).toBeTruthy();
  });

  it('never tags an error, even for If-None-Match: *', async () => {
    const res = await appAt(noon)('/v1/puzzles/2026-08-12/sudoku/easy', {
      headers: { 'If-None-Match': '*' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Cache-Control') ?? '').not.toContain('public');
  });

  it('does not let a cached puzzle make its date playable earlier for another clock', async () => {
    await appAt(noon)(puzzlePath);
    const res = await appAt('2026-08-09T00:00:00Z')(puzzlePath);
    expect(res.status).toBe(404);
  });

  it('keeps an embargoed answer uncacheable and a public one final', async () => {
    const embargoed = await appAt(noon)(`${puzzlePath}/answer`);
    expect(embargoed.status).toBe(403);
    expect(embargoed.headers.get('ETag')).toBeNull();
    const open = await appAt('2026-08-12T12:00:00Z')(`${puzzlePath}/answer`);
    expect(open.status).toBe(200);
    expect(open.headers.get('Cache-Control')).toBe('public, max-age=86400, immutable');
    expect(open.headers.get('ETag')).toMatch(/^"[0-9a-f]{16}-[0-9a-z]+"$/);
  });

  it('never caches the health check', async () => {
    const res = await appAt(noon)('/v1/health');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('ETag')).toBeNull();
  });
});

describe('the rating in a cached view', () => {
  it('is at most a minute old: a ranked solve shows once the view has expired', async () => {
    const day = '2026-08-20';
    const fetched = '2026-08-20T10:00:00Z';
    const path = `/v1/puzzles/${day}/sudoku/medium`;
    const rating = async (at: string) => (await bodyOf(await appAt(at)(path), PlayablePuzzleSchema)).rating;
    // Only an established solver moves a puzzle's rating.
    const { token } = await establishedPlayer('sudoku', day);
    expect(await rating(fetched)).toBe(1500);

    // Started a few minutes before: a pace its history carries, so the solve is ranked at once.
    const startToken = await startPuzzle('2026-08-20T09:56:40Z', token, day, 'sudoku', 'medium');
    const solution = await solveStored(day, 'sudoku', 'medium');
    const solved = '2026-08-20T10:00:40Z';
    const res = await submit(solved, token, `${day}/sudoku/medium`, {
      solution,
      elapsedMs: 238_000,
      startToken,
    });
    expect(res.status).toBe(200);

    expect(await rating('2026-08-20T10:00:50Z')).toBe(1500);
    expect(await rating('2026-08-20T10:01:01Z')).not.toBe(1500);
  });
});

describe('standings are cacheable for seconds, and only as anyone sees them', () => {
  const get = appAt(noon);
  const board = `/v1/leaderboards/${date}/sudoku/easy?limit=10`;

  it('serves an anonymous leaderboard page, the rating board and stats public for 5 s', async () => {
    for (const path of [board, '/v1/leaderboards/ratings/sudoku', `${puzzlePath}/stats`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=5');
    }
  });

  it("keeps a leaderboard with the caller's own rank private", async () => {
    const { token } = await register(noon);
    const res = await get(board, { headers: bearer(token) });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Vary')).toContain('Authorization');
  });
});
