import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerSchema, DayPuzzlesSchema, PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import { engineFor } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';

describe("today's puzzles", () => {
  it('serves the UTC date by default, one puzzle per kind and level', async () => {
    const res = await appAt('2026-11-29T23:59:00Z')('/v1/puzzles/today');
    expect(res.status).toBe(200);
    const body = await bodyOf(res, DayPuzzlesSchema);
    expect(body.date).toBe('2026-11-29');
    expect(body.puzzles.map((p) => p.id)).toContain('2026-11-29:sudoku:hard');
    expect(new Set(body.puzzles.map((p) => `${p.kind}:${p.level}`)).size).toBe(body.puzzles.length);
  });

  it('follows the time zone: Kiritimati is already on the next date', async () => {
    const res = await appAt('2026-11-29T23:59:00Z')('/v1/puzzles/today?tz=Pacific/Kiritimati');
    expect((await bodyOf(res, DayPuzzlesSchema)).date).toBe('2026-11-30');
  });

  it('follows the time zone: Pago Pago is still on the previous date', async () => {
    const res = await appAt('2026-11-30T00:01:00Z')('/v1/puzzles/today?tz=Pacific/Pago_Pago');
    expect((await bodyOf(res, DayPuzzlesSchema)).date).toBe('2026-11-29');
  });

  it('refuses an unknown time zone with 400', async () => {
    const res = await appAt('2026-11-29T12:00:00Z')('/v1/puzzles/today?tz=Mars/Base');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_time_zone');
  });
});

describe('one puzzle', () => {
  const get = appAt('2026-11-29T12:00:00Z');

  it('serves the public puzzle without its answer', async () => {
    const res = await get('/v1/puzzles/2026-11-29/sudoku/easy');
    expect(res.status).toBe(200);
    const body = await bodyOf(res, PlayablePuzzleSchema);
    expect(body.id).toBe('2026-11-29:sudoku:easy');
    const grid = (body.puzzle as { grid: string }).grid;
    expect(grid).toMatch(/^[1-9.]{81}$/);
    expect(grid).toContain('.');

    const answer = await bodyOf(
      await appAt('2026-12-01T00:00:00Z')('/v1/puzzles/2026-11-29/sudoku/easy/answer'),
      AnswerSchema,
    );
    const text = JSON.stringify(body);
    expect(text).not.toContain((answer.solution as { grid: string }).grid);
    expect(text).not.toContain(answer.seed);
  });

  it.each([
    ['/v1/puzzles/2026-11-31/sudoku/easy', 400, 'invalid_date'],
    ['/v1/puzzles/29-11-2026/sudoku/easy', 400, 'invalid_request'],
    ['/v1/puzzles/2026-11-29/chess/easy', 400, 'invalid_kind'],
    ['/v1/puzzles/2026-11-29/sudoku/superhard', 400, 'invalid_level'],
    ['/v1/puzzles/2025-12-31/sudoku/easy', 404, 'not_found'],
    ['/v1/puzzles/2026-12-01/sudoku/easy', 404, 'not_found'],
    ['/v1/nothing-here', 404, 'not_found'],
  ])('answers %s with %i %s', async (path, status, code) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await errorOf(res)).error.code).toBe(code);
  });

  it('serves tomorrow once it has begun in UTC+14', async () => {
    const res = await appAt('2026-11-29T10:00:00Z')('/v1/puzzles/2026-11-30/sudoku/easy');
    expect(res.status).toBe(200);
  });
});

describe('answers', () => {
  it('are refused until the date has ended everywhere', async () => {
    const res = await appAt('2026-11-30T11:59:59Z')('/v1/puzzles/2026-11-29/sudoku/hard/answer');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('answer_embargoed');
  });

  it('are served afterwards, and the engine accepts them', async () => {
    const res = await appAt('2026-11-30T12:00:00Z')('/v1/puzzles/2026-11-29/sudoku/hard/answer');
    expect(res.status).toBe(200);
    const body = await bodyOf(res, AnswerSchema);
    const engine = engineFor('sudoku');
    expect(engine.check(engine.parsePuzzle(body.puzzle), body.solution)).toEqual({ ok: true });
  });
});

describe('the API description', () => {
  it('publishes an OpenAPI 3.1 document with the puzzle routes', async () => {
    const res = await appAt('2026-11-29T12:00:00Z')('/openapi.json');
    const doc = await bodyOf(
      res,
      z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    );
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/health',
        '/v1/puzzles/today',
        '/v1/puzzles/{date}',
        '/v1/puzzles/{date}/{kind}/{level}',
        '/v1/puzzles/{date}/{kind}/{level}/answer',
      ]),
    );
  });

  it('reports health with the engine versions', async () => {
    const res = await appAt('2026-11-29T12:00:00Z')('/v1/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      engines: { sudoku: { levels: ['easy', 'medium', 'hard', 'expert'] } },
    });
  });
});
