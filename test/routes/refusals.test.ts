import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/errors.js';
import { errorResponses, type Failed, only, type Refusals, refusal } from '../../src/routes/refusals.js';
import { appAt } from '../support/app.js';
import { documentOf } from '../support/openapi.js';

type Outcome =
  | { ok: true; value: number }
  | { ok: false; reason: 'gone' }
  | { ok: false; reason: 'clash'; index?: number };

const TABLE = {
  gone: [404, 'not_found', (_, { id }) => `There is no thing ${id}`, { doc: 'No such thing' }],
  clash: [409, 'conflict', 'It clashes', { details: ({ index }) => (index === undefined ? {} : { index }) }],
} as const satisfies Refusals<Failed<Outcome>, { id: string }>;

describe('a refusal table', () => {
  it('makes the error of a failure from its row: status, code, message from the context, details', () => {
    const gone: Failed<Outcome> = { ok: false, reason: 'gone' };
    const error = refusal(TABLE, gone, { id: 'x1' });
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message, error.details]).toEqual([
      404,
      'not_found',
      'There is no thing x1',
      undefined,
    ]);
    const clashing: Failed<Outcome> = { ok: false, reason: 'clash', index: 3 };
    const clash = refusal(TABLE, clashing, { id: 'x1' });
    expect([clash.status, clash.code, clash.message, clash.details]).toEqual([
      409,
      'conflict',
      'It clashes',
      { index: 3 },
    ]);
  });

  it('refuses to compile without a row for every reason, or with a row for a reason the outcome has not', () => {
    // @ts-expect-error: no row for `clash`
    const missing = { gone: TABLE.gone } as const satisfies Refusals<Failed<Outcome>, { id: string }>;
    // @ts-expect-error: `lost` is no reason of the outcome
    const extra = { ...TABLE, lost: TABLE.gone } as const satisfies Refusals<Failed<Outcome>, { id: string }>;
    expect([Object.keys(missing), Object.keys(extra).length]).toEqual([['gone'], 3]);
  });

  it("describes each status once in the document: the route's own words, then each row's code and doc or message", () => {
    expect(errorResponses({ 400: 'Malformed id', 404: 'Not begun yet' }, TABLE)).toEqual({
      400: expect.objectContaining({ description: 'Malformed id' }),
      404: expect.objectContaining({ description: 'Not begun yet; `not_found`: No such thing' }),
      409: expect.objectContaining({ description: '`conflict`: It clashes' }),
    });
  });

  it('documents only the rows a route meets when it takes part of a table', () => {
    expect(Object.keys(errorResponses({}, only(TABLE, 'clash')))).toEqual(['409']);
  });
});

describe('the document', () => {
  it("lists the join route's 409 refusals from its table, each by its code", async () => {
    const doc = await documentOf(await appAt('2026-11-29T12:00:00Z')('/openapi.json'));
    const conflict = doc.paths['/v1/groups/join']?.post?.responses['409']?.description ?? '';
    expect(conflict.match(/`[a-z_]+`/g)).toEqual(['`already_member`', '`group_full`', '`group_limit`']);
  });
});
