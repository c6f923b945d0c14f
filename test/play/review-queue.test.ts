import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { type FlagsPage, FlagsPageSchema } from '../../src/contract/admin.js';
import { PuzzleBoardSchema } from '../../src/contract/leaderboards.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { forgedSolve, solveAtShare } from '../support/paced.js';
import { later, type NewPlayer, register } from '../support/play.js';

/** Pending solves wait in the moderators' queue with the flagged ones, ordered by what they would take. */
const date = '2026-11-29';
const morning = '2026-11-29T07:00:00Z';
const evening = '2026-11-29T22:00:00Z';
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };

async function honest(count: number, level: 'medium' | 'hard'): Promise<NewPlayer[]> {
  const players: NewPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const player = await register(morning);
    const result = await solveAtShare(player, date, 'signal', level, 0.9 + 0.1 * i, later(morning, 600 * i));
    expect(result.verdict).toBe('clean');
    players.push(player);
  }
  return players;
}

async function queue(query = ''): Promise<FlagsPage> {
  const res = await appAt(evening)(`/v1/admin/flags${query}`, { headers: admin });
  expect(res.status).toBe(200);
  return bodyOf(res, FlagsPageSchema);
}

describe('the review queue', () => {
  it('lists pending solves, those that would take the most public places first, page by page', async () => {
    await honest(3, 'hard');
    await honest(1, 'medium');
    const first = await forgedSolve(
      await register(morning),
      date,
      'signal',
      'medium',
      '2026-11-29T12:00:00Z',
    );
    const second = await forgedSolve(await register(morning), date, 'signal', 'hard', '2026-11-29T13:00:00Z');
    expect([first.verdict, second.verdict]).toEqual(['pending', 'pending']);
    const all = await queue();
    expect(all.flags.map((f) => [f.puzzleId, f.verdict, f.wouldTakePlaces])).toEqual([
      [`${date}:signal:hard`, 'pending', 3],
      [`${date}:signal:medium`, 'pending', 1],
    ]);
    expect(all.flags[0]?.reasons).toEqual(['pace_unproven']);
    const page = await queue('?limit=1');
    expect(page.flags.map((f) => f.submissionId)).toEqual([all.flags[0]?.submissionId]);
    const rest = await queue(`?limit=1&cursor=${page.nextCursor}`);
    expect(rest.flags.map((f) => f.submissionId)).toEqual([all.flags[1]?.submissionId]);
    expect(rest.nextCursor).toBeNull();
  });

  it('ranks an approved pending solve in its place and keeps a voided one off the board', async () => {
    const { flags } = await queue();
    const [hard, medium] = flags;
    if (!hard || !medium) throw new Error('the queue lost its solves');
    const post = (path: string, reason: string) =>
      appAt(evening)(path, { method: 'POST', headers: admin, body: JSON.stringify({ reason }) });
    expect(
      (await post(`/v1/admin/submissions/${hard.submissionId}/approve`, 'A known speed solver')).status,
    ).toBe(200);
    expect(
      (await post(`/v1/admin/submissions/${medium.submissionId}/void`, 'Solved by a script')).status,
    ).toBe(200);
    const board = async (level: string) =>
      await bodyOf(await appAt(evening)(`/v1/leaderboards/${date}/signal/${level}`), PuzzleBoardSchema);
    expect((await board('hard')).solvers).toBe(4);
    expect((await board('medium')).solvers).toBe(1);
    expect((await queue()).flags).toEqual([]);
  });
});
