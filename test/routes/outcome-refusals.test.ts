import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import { errorOf } from '../support/json.js';
import { register } from '../support/play.js';

// The flows below refused with a boolean or an absent value that the route turned into an inline error;
// they now refuse with a reason their route group's table answers. These pin what a client sees of each,
// status, code and message, so the move changed none of them.

const at = '2026-11-29T12:00:00Z';
const nobody = '2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11';

/** What the client's refusal carries, or a failure of the test when the call went through. */
async function refusalOf(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('the call was not refused');
  return { status: error.status, code: error.code, message: error.message, details: error.details };
}

describe('the refusals of flows that used to answer with a boolean or nothing', () => {
  it('refuses to unfollow a player the caller does not follow with 404 not_following', async () => {
    const player = await register(at);
    expect(await refusalOf(clientAt(at, { token: player.token }).unfollow(nobody))).toMatchObject({
      status: 404,
      code: 'not_following',
      message: `The caller does not follow ${nobody}`,
    });
  });

  it('refuses to revoke a token the player does not hold with 404 not_found', async () => {
    const player = await register(at);
    expect(
      await refusalOf(clientAt(at, { token: player.token }).revokeToken('Zr7c1kQ2bXw9LmPa')),
    ).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'This player holds no token Zr7c1kQ2bXw9LmPa',
    });
  });

  it('refuses a link code that works for nobody with 400 invalid_link_code', async () => {
    expect(await refusalOf(clientAt(at).link('00000-00000'))).toMatchObject({
      status: 400,
      code: 'invalid_link_code',
      message: 'This code does not work: codes last ten minutes and work once',
    });
  });

  it('refuses a group the caller is not in with 404 not_found, as one that does not exist', async () => {
    const owner = await register(at);
    const { group } = await clientAt(at, { token: owner.token }).createGroup('Crossword club');
    const stranger = clientAt(at, { token: (await register(at)).token });
    const expected = { status: 404, code: 'not_found', message: 'No such group among yours' };
    expect(await refusalOf(stranger.group(group.id))).toMatchObject(expected);
    expect(await refusalOf(stranger.group('8d3b2a61-5f0e-4c7a-b1d9-6e4f2c8a9b30'))).toMatchObject(expected);
  });

  it('refuses a player nobody may see with 404 not_found, naming the id', async () => {
    expect(await refusalOf(clientAt(at).player(nobody))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: `There is no player ${nobody} you can see`,
    });
  });

  it('refuses an answer 1 ms before the date has ended everywhere with 403 answer_embargoed and when it will be public', async () => {
    const res = await appAt('2026-11-30T11:59:59.999Z')('/v1/puzzles/2026-11-29/sudoku/hard/answer');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error).toMatchObject({
      code: 'answer_embargoed',
      message: 'Answers of 2026-11-29 are public from 2026-11-30T12:00:00.000Z',
      details: { availableAt: '2026-11-30T12:00:00.000Z' },
    });
  });

  it('serves the answer at the very millisecond the date has ended everywhere', async () => {
    const res = await appAt('2026-11-30T12:00:00.000Z')('/v1/puzzles/2026-11-29/sudoku/hard/answer');
    expect(res.status).toBe(200);
  });

  it('refuses to resolve a report that is not open with 404 not_found, naming the id', async () => {
    const res = await appAt(at)('/v1/admin/reports/987654/resolve', {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Checked: one solution' }),
    });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error).toMatchObject({
      code: 'not_found',
      message: 'There is no open report 987654',
    });
  });
});
