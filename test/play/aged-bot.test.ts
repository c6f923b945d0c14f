import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/contract/kinds/index.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { engineFor, type Kind } from '../../src/kinds/index.js';
import { adminAt } from '../support/admin-client.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import { bodyOf } from '../support/json.js';
import { offline, stored } from '../support/paced.js';
import {
  bearer,
  later,
  type NewPlayer,
  register,
  solveStored,
  someAddress,
  submit,
} from '../support/play.js';

/**
 * Fair play IV's aged bot: it plays middling for three days (clean, established), then lowers its pace
 * by ×0.77 a day at every level, as the old history rule let it, never under 1.17× the cold floor. Beside it
 * an honest player a moderator vouched for solves everything at 20 % of the benchmark.
 */
const KINDS: readonly Kind[] = ['sudoku', 'signal'];
const DAYS = Array.from({ length: 9 }, (_, i) => `2026-11-${String(20 + i).padStart(2, '0')}`);
const MIDDLING = 0.9;
const STEP = 0.77;

function botShare(day: number, floorShare: number): number {
  const share = day < 3 ? MIDDLING : MIDDLING * STEP ** (day - 2);
  return Math.max(share, 1.17 * floorShare);
}

/**
 * Nine simulated days pass in a minute or two of wall time, and the per-player limits count wall time: the
 * players' own limiters are lifted here (each stands for a day of one person's play, far under them).
 */
const allow = { limit: async () => ({ success: true }) };
const lifted = { ...env, SUBMISSION_PLAYER_LIMITER: allow, PUZZLE_START_PLAYER_LIMITER: allow };

async function play(player: NewPlayer, date: string, kind: Kind, level: Level, share: number, at: string) {
  const row = await stored(date, kind, level, at);
  const path = `${date}/${kind}/${level}`;
  const fetched = await appAt(at, lifted)(`/v1/puzzles/${path}`, {
    headers: { ...bearer(player.token), ...someAddress() },
  });
  expect(fetched.status).toBe(200);
  const solution = await solveStored(date, kind, level);
  const res = await submit(
    later(at, Math.round(share * row.benchmark_seconds)),
    player.token,
    path,
    { solution },
    lifted,
  );
  expect(res.status).toBe(200);
  return await bodyOf(res, SubmissionResultSchema);
}

/** The player's places among the first ten rows of every global board of the date. */
async function topPlaces(date: string, at: string, playerId: string): Promise<string[]> {
  const api = clientAt(at);
  const places: string[] = [];
  const inTop = (entries: { rank: number; playerId: string }[], board: string) => {
    for (const e of entries) if (e.rank <= 10 && e.playerId === playerId) places.push(`${board} #${e.rank}`);
  };
  for (const kind of KINDS) {
    for (const level of engineFor(kind).levels as readonly Level[]) {
      inTop((await api.leaderboard(date, kind, level as never)).entries, `${date}:${kind}:${level}`);
    }
    inTop((await api.ratingLeaderboard(kind)).entries, `${kind} ratings`);
  }
  inTop((await api.dailyLeaderboard(date)).entries, `${date} daily`);
  return places;
}

describe('an aged bot ramping its pace down in sudoku and signal for 9 days', { timeout: 600_000 }, () => {
  it('never holds a top-10 row of a global board, is a suspect by day 9, and the vouched player at 20 % is clean and ranked', async () => {
    const bot = await register(`${DAYS[0]}T06:00:00Z`, 'Steady');
    const honest = await register(`${DAYS[0]}T06:00:00Z`, 'Quick');
    await adminAt(`${DAYS[0]}T06:30:00Z`).approvePlayer(honest.player.id, 'Verified champion');
    const botTop: string[] = [];
    let honestTop = 0;
    let listedOn: number | null = null;
    for (const [day, date] of DAYS.entries()) {
      for (const kind of KINDS) {
        for (const [i, level] of (engineFor(kind).levels as readonly Level[]).entries()) {
          const at = `${date}T${String(8 + i).padStart(2, '0')}:00:00Z`;
          const row = await stored(date, kind, level, at);
          const floorShare = offline(kind, level, row).floorMs / 1000 / row.benchmark_seconds;
          await play(bot, date, kind, level, botShare(day, floorShare), at);
          const quick = await play(honest, date, kind, level, 0.2, later(at, 1800));
          // Ranks stay exact: the bot's held row, when faster, still takes its place ahead.
          expect(quick.verdict, `${date}:${kind}:${level}`).toBe('clean');
          expect(quick.rank, `${date}:${kind}:${level}`).toBeLessThanOrEqual(2);
        }
      }
      const evening = `${date}T21:00:00Z`;
      botTop.push(...(await topPlaces(date, evening, bot.player.id)));
      honestTop += (await topPlaces(date, evening, honest.player.id)).length;
      const suspects = await adminAt(evening).suspects();
      if (listedOn === null && suspects.suspects.some((s) => s.player.id === bot.player.id))
        listedOn = day + 1;
    }
    expect(botTop).toEqual([]);
    // Every puzzle board (8 a day) and daily board shows the vouched player, and its rating boards from
    // the day it is established in each kind.
    expect(honestTop).toBeGreaterThanOrEqual(9 * 9);
    expect(listedOn).not.toBeNull();
    expect(listedOn ?? 99).toBeLessThanOrEqual(9);
    const list = await adminAt(`${DAYS.at(-1)}T22:00:00Z`).suspects();
    expect(list.suspects.find((s) => s.player.id === bot.player.id)?.ramps).toBeGreaterThan(0);
  });
});
