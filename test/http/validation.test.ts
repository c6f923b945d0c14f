import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { refusedAs, validationHook } from '../../src/http/validation.js';
import { KINDS } from '../../src/kinds/index.js';
import { appAt, type ErrorJson } from '../support/app.js';
import { errorOf } from '../support/json.js';
import { bearer, register, someAddress } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const api = appAt(at);

async function refusal(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; error: ErrorJson['error'] }> {
  const res = await api(path, { ...init, headers: { ...someAddress(), ...(init.headers ?? {}) } });
  return { status: res.status, error: (await errorOf(res)).error };
}

function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

describe('a refused request', () => {
  it('names the body field and what is wrong with it, with no parser prefix', async () => {
    expect(await refusal('/v1/players', postJson({ displayName: 'x' }))).toEqual({
      status: 400,
      error: {
        code: 'invalid_request',
        message: 'displayName: must be at least 2 characters',
        param: 'displayName',
        docUrl: '/docs/errors#invalid_request',
      },
    });
  });

  it('says that an unknown field is in the body', async () => {
    const { error } = await refusal('/v1/players', postJson({ displayName: 'Ada', colour: 'red' }));
    expect(error.message).toMatch(/^the body: .*"colour"/);
  });

  it('says that a malformed value is a query parameter', async () => {
    const { status, error } = await refusal('/v1/leaderboards/2026-11-29/sudoku/easy?limit=0');
    expect(status).toBe(400);
    expect(error.message).toMatch(/^query parameter limit: /);
  });

  it('says that a malformed value is a path parameter', async () => {
    const { error } = await refusal('/v1/puzzles/2026-1-29/sudoku/easy');
    expect(error).toEqual({
      code: 'invalid_request',
      message: 'path parameter date: must be YYYY-MM-DD',
      param: 'date',
      docUrl: '/docs/errors#invalid_request',
    });
  });

  it('refuses an unknown kind as invalid_kind, in the path or in the query, naming the kinds', async () => {
    const kinds = `the kinds are ${KINDS.join(', ')}`;
    expect(await refusal('/v1/puzzles/2026-11-29/chess/easy')).toEqual({
      status: 400,
      error: {
        code: 'invalid_kind',
        message: `path parameter kind: "chess" is not a kind; ${kinds}`,
        param: 'kind',
        docUrl: '/docs/errors#invalid_kind',
      },
    });
    const { token } = await register(at);
    expect(await refusal('/v1/players/me/history?kind=chess', { headers: bearer(token) })).toEqual({
      status: 400,
      error: {
        code: 'invalid_kind',
        message: `query parameter kind: "chess" is not a kind; ${kinds}`,
        param: 'kind',
        docUrl: '/docs/errors#invalid_kind',
      },
    });
  });

  it('refuses a level no kind has, and a level of another kind, both as invalid_level', async () => {
    expect(await refusal('/v1/puzzles/2026-11-29/sudoku/nightmare')).toEqual({
      status: 400,
      error: {
        code: 'invalid_level',
        message:
          'path parameter level: "nightmare" is not a level; the levels are easy, medium, hard, expert, superhard',
        param: 'level',
        docUrl: '/docs/errors#invalid_level',
      },
    });
    expect(await refusal('/v1/puzzles/2026-11-29/sudoku/superhard')).toEqual({
      status: 400,
      error: {
        code: 'invalid_level',
        message: 'sudoku has no level "superhard"; its levels are easy, medium, hard, expert',
        param: 'level',
        docUrl: '/docs/errors#invalid_level',
      },
    });
  });

  it("refuses a history filter of one kind's level on another kind, and takes the kind's own", async () => {
    const { token } = await register(at);
    const wrong = '/v1/players/me/history?kind=sudoku&level=superhard';
    expect(await refusal(wrong, { headers: bearer(token) })).toEqual({
      status: 400,
      error: {
        code: 'invalid_level',
        message: 'sudoku has no level "superhard"; its levels are easy, medium, hard, expert',
        param: 'level',
        docUrl: '/docs/errors#invalid_level',
      },
    });
    const own = await api('/v1/players/me/history?kind=colorsort&level=superhard', {
      headers: bearer(token),
    });
    expect(own.status).toBe(200);
  });

  it('quotes a refused time zone, so that an empty one reads as empty', async () => {
    expect(await refusal('/v1/puzzles/today?tz=')).toEqual({
      status: 400,
      error: {
        code: 'invalid_time_zone',
        message: '"" is not an IANA time zone (such as "Europe/Paris" or "UTC")',
        docUrl: '/docs/errors#invalid_time_zone',
      },
    });
  });

  it('names application/json when a body is sent as another media type', async () => {
    const { token } = await register(at);
    const res = await refusal('/v1/puzzles/2026-11-29/sudoku/easy/submissions', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res).toEqual({
      status: 415,
      error: {
        code: 'unsupported_media_type',
        message: 'Send the body as JSON, with Content-Type: application/json',
        docUrl: '/docs/errors#unsupported_media_type',
      },
    });
  });

  it('writes a field inside a list as JavaScript does, log[1][0], like the per-entry checks', async () => {
    const { token } = await register(at);
    const grid = '1'.repeat(81);
    const { error } = await refusal(
      '/v1/puzzles/2026-11-29/sudoku/easy/submissions',
      postJson(
        {
          solution: { grid },
          log: [
            [5, 1, 1],
            [3, 1, 1],
          ],
        },
        bearer(token),
      ),
    );
    expect(error).toEqual({
      code: 'invalid_request',
      message: 'log[1][0]: times must not decrease',
      param: 'log[1][0]',
      docUrl: '/docs/errors#invalid_request',
    });
  });

  it('says plainly that a body is not JSON', async () => {
    const { status, error } = await refusal('/v1/players', postJson('{"displayName": '));
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'invalid_json',
      message: 'Malformed JSON in request body',
      docUrl: '/docs/errors#invalid_json',
    });
  });
});

describe("a refused field's error code", () => {
  // A route of its own, so that a field's name and its schema can disagree: `kind` a plain string, `shade`
  // a schema declared to refuse as invalid_kind.
  const probe = new OpenAPIHono({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'get',
      path: '/probe',
      request: {
        query: z.object({
          kind: z.string().min(3, 'at least 3 characters').optional(),
          shade: refusedAs('invalid_kind', z.enum(['red', 'blue'])).optional(),
        }),
      },
      responses: { 204: { description: 'Taken' } },
    }),
    (c) => c.body(null, 204),
  );
  const codeFor = async (query: string) => {
    const res = await probe.request(`/probe?${query}`);
    return res.status === 204 ? 'taken' : (await errorOf(res)).error.code;
  };

  it('is invalid_request for a field named kind whose schema declares no code of its own', async () => {
    expect(await codeFor('kind=ab')).toBe('invalid_request');
  });

  it('is the code its schema declares, whatever the field is named', async () => {
    expect(await codeFor('shade=green')).toBe('invalid_kind');
  });

  it("takes a value the declared schema accepts, and says the schema's own message for one it does not", async () => {
    expect(await codeFor('shade=red')).toBe('taken');
    const res = await probe.request('/probe?shade=green');
    expect((await errorOf(res)).error.message).toMatch(/^query parameter shade: /);
  });
});

describe('a submission of the wrong shape', () => {
  async function submitted(kind: string, body: unknown) {
    const { token } = await register(at);
    return refusal(`/v1/puzzles/2026-11-29/${kind}/easy/submissions`, postJson(body, bearer(token)));
  }

  it("is refused in the URL's kind's terms when its solution fits no kind", async () => {
    const { status, error } = await submitted('sudoku', { solution: { grid: 'abc' }, log: [] });
    expect(status).toBe(400);
    expect(error.code).toBe('invalid_solution');
    expect(error.message).toBe('Not a sudoku submission: solution.grid: grid must be 81 digits 1-9');
  });

  it("is refused in the URL's kind's terms when its solution is another kind's", async () => {
    const { error } = await submitted('loop', {
      solution: { grid: '732591468968243715415678239873924156541386927296715384389462571127859643654137892' },
      log: [],
    });
    expect(error.code).toBe('invalid_solution');
    expect(error.message).toMatch(/^Not a loop submission: solution(\.edges)?: /);
  });

  it("is refused with the kind's log format when a log entry is not one of its moves", async () => {
    const { error } = await submitted('sudoku', {
      solution: { grid: '732591468968243715415678239873924156541386927296715384389462571127859643654137892' },
      log: [[1000, 0.5, 7]],
    });
    expect(error.code).toBe('invalid_solution');
    expect(error.message).toMatch(/^Not a sudoku submission: log\[0\]\[1\]: .*\(entries are \[t, cell 0–80/);
  });
});
