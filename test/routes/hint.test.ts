import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { HintAnswerSchema } from '../../src/contract/hint.js';
import { HistorySchema } from '../../src/contract/history.js';
import { PuzzleBoardSchema } from '../../src/contract/leaderboards.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { RATE_LIMITS } from '../../src/http/rate-limit.js';
import { KINDS } from '../../src/kinds/index.js';
import { HINTS_PER_SESSION } from '../../src/play/hint.js';
import { appAt } from '../support/app.js';
import { startingPosition } from '../support/hint-positions.js';
import { bodyOf, errorOf } from '../support/json.js';
import { limitedOn } from '../support/limiters.js';
import { onBoards } from '../support/live.js';
import {
  bearer,
  type NewPlayer,
  type ResultJson,
  register,
  startPuzzle,
  submit,
  vouchEveryone,
} from '../support/play.js';

const date = '2026-11-29';
const at = '2026-11-29T12:00:00Z';
/** Long enough after the fetch that a person's pace of entering every cell is plausible. */
const submitAt = '2026-11-29T12:20:00Z';
const path = `${date}/sudoku/easy`;
const puzzleId = `${date}:sudoku:easy`;

function address(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 256);
  return { 'CF-Connecting-IP': `10.${byte()}.${byte()}.${byte()}` };
}

async function askHint(
  token: string | null,
  board: unknown,
  where = path,
  headers: Record<string, string> = address(),
  app = appAt(at),
): Promise<Response> {
  return app(`/v1/puzzles/${where}/hint`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, ...(token ? bearer(token) : {}) },
    body: JSON.stringify(board),
  });
}

/** A board with the player's consent to make the solve practice, as the page sends it after asking. */
const consenting = (board: object) => ({ ...board, acceptPractice: true });

/** Long after the date's answers became public everywhere: its ranking has closed. */
const afterRanking = '2026-12-02T00:00:00Z';

async function stored(): Promise<{ grid: string; solution: string }> {
  const row = await env.DB.prepare('select puzzle_json, answer_json from puzzles where id = ?')
    .bind(puzzleId)
    .first<{ puzzle_json: string; answer_json: string }>();
  if (!row) throw new Error('no puzzle');
  return {
    grid: (JSON.parse(row.puzzle_json) as { grid: string }).grid,
    solution: (JSON.parse(row.answer_json) as { grid: string }).grid,
  };
}

async function hintsOf(playerId: string): Promise<number | undefined> {
  const row = await env.DB.prepare('select hints from play_sessions where player_id = ? and puzzle_id = ?')
    .bind(playerId, puzzleId)
    .first<{ hints: number }>();
  return row?.hints;
}

async function playing(): Promise<NewPlayer> {
  const player = await register(at);
  await startPuzzle(at, player.token, date, 'sudoku', 'easy');
  return player;
}

let givens: string;
let solution: string;

beforeAll(async () => {
  await playing();
  ({ grid: givens, solution } = await stored());
});

describe('POST /v1/puzzles/{date}/{kind}/{level}/hint', () => {
  it("answers the grader's first step from the givens and counts it in the session", async () => {
    const player = await playing();
    const res = await askHint(player.token, consenting({ grid: givens }));
    expect(res.status).toBe(200);
    const body = await bodyOf(res, HintAnswerSchema);
    expect(body.hintsUsed).toBe(1);
    expect(body.hint).toMatchObject({ type: 'step', technique: 'hidden single', unit: 'cell' });
    if (body.hint.type !== 'step') return;
    const [conclusion] = body.hint.concludes;
    expect(conclusion && 'place' in conclusion && String(conclusion.place)).toBe(
      solution[conclusion?.at ?? 0],
    );
    expect(await hintsOf(player.player.id)).toBe(1);
  });

  it('a board with a wrong digit gets its first wrong cell and no value', async () => {
    const player = await playing();
    const blank = givens.indexOf('.');
    const wrong = String((Number(solution[blank]) % 9) + 1);
    const grid = `${givens.slice(0, blank)}${wrong}${givens.slice(blank + 1)}`;
    const res = await askHint(player.token, consenting({ grid }));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ hint: { type: 'mistake', unit: 'cell', at: blank } });
    expect(text).not.toContain('place');
    expect(text).not.toContain(solution);
  });

  it('the full solution is solved', async () => {
    const player = await playing();
    const body = await bodyOf(await askHint(player.token, consenting({ grid: solution })), HintAnswerSchema);
    expect(body.hint.type).toBe('solved');
  });

  it('needs a player token', async () => {
    const res = await askHint(null, { grid: givens });
    expect(res.status).toBe(401);
  });

  it('needs the session of the puzzle, and records nothing without one', async () => {
    const player = await register(at);
    const res = await askHint(player.token, { grid: givens });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('no_session');
    expect(await hintsOf(player.player.id)).toBeUndefined();
  });

  it('a malformed board is 400 and counts no hint', async () => {
    const player = await playing();
    for (const board of [{ grid: 'x' }, { grid: givens, excluded: ['1'] }, { cells: givens }, []]) {
      const res = await askHint(player.token, board);
      expect(res.status).toBe(400);
    }
    expect(await hintsOf(player.player.id)).toBe(0);
  });

  it('any other JSON body is a 400 and counts no hint', async () => {
    const player = await playing();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ grid: fc.string({ maxLength: 90 }), excluded: fc.jsonValue() })),
        async (body) => {
          const res = await askHint(player.token, body);
          expect(res.status).toBe(400);
          expect((await errorOf(res)).error.code).toBeTypeOf('string');
        },
      ),
      { numRuns: 50 },
    );
    expect(await hintsOf(player.player.id)).toBe(0);
  });

  it('an unknown kind, level or date is a clean 4xx and counts no hint', async () => {
    const player = await playing();
    const answers = [
      await askHint(player.token, { grid: givens }, `${date}/chess/easy`),
      await askHint(player.token, { grid: givens }, `${date}/sudoku/superhard`),
      await askHint(player.token, { grid: givens }, '2031-01-01/sudoku/easy'),
      await askHint(player.token, { grid: givens }, '2026-13-01/sudoku/easy'),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 404, 400]);
    for (const r of answers) expect((await errorOf(r)).error.code).toBeTypeOf('string');
    expect(await hintsOf(player.player.id)).toBe(0);
  });

  it(`gives a session ${HINTS_PER_SESSION} hints, then 409 hint_limit`, async () => {
    const player = await playing();
    const statuses: number[] = [];
    for (let i = 0; i <= HINTS_PER_SESSION; i++)
      statuses.push((await askHint(player.token, consenting({ grid: givens }))).status);
    expect(statuses.slice(0, HINTS_PER_SESSION).every((s) => s === 200)).toBe(true);
    expect(statuses[HINTS_PER_SESSION]).toBe(409);
    expect(await hintsOf(player.player.id)).toBe(HINTS_PER_SESSION);
  });
});

describe("the player's consent to practice", () => {
  it('refuses the first hint of a ranked solve without "acceptPractice": true, saying why, and counts nothing', async () => {
    const player = await playing();
    for (const body of [{ grid: givens }, { grid: givens, acceptPractice: false }]) {
      const res = await askHint(player.token, body);
      expect(res.status).toBe(409);
      const { error } = await errorOf(res);
      expect(error.code).toBe('hint_ends_ranking');
      expect(error.message).toContain('practice');
      expect(error.message).toContain('acceptPractice');
    }
    expect(await hintsOf(player.player.id)).toBe(0);
  });

  it('gives the hint with "acceptPractice": true', async () => {
    const player = await playing();
    const res = await askHint(player.token, { grid: givens, acceptPractice: true });
    expect(res.status).toBe(200);
    expect((await bodyOf(res, HintAnswerSchema)).hintsUsed).toBe(1);
  });

  it('asks nothing more of a session that has had a hint: it is practice already', async () => {
    const player = await playing();
    await askHint(player.token, consenting({ grid: givens }));
    const res = await askHint(player.token, { grid: givens });
    expect(res.status).toBe(200);
    expect((await bodyOf(res, HintAnswerSchema)).hintsUsed).toBe(2);
  });

  it('asks nothing of a date whose ranking has closed', async () => {
    const player = await playing();
    const res = await appAt(afterRanking)(`/v1/puzzles/${path}/hint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...address(), ...bearer(player.token) },
      body: JSON.stringify({ grid: givens }),
    });
    expect(res.status).toBe(200);
    expect((await bodyOf(res, HintAnswerSchema)).hintsUsed).toBe(1);
  });

  it('refuses an "acceptPractice" that is not a boolean with a 400', async () => {
    const player = await playing();
    const res = await askHint(player.token, { grid: givens, acceptPractice: 'yes' });
    expect(res.status).toBe(400);
    expect(await hintsOf(player.player.id)).toBe(0);
  });
});

describe('what is checked before the hint is worked out', () => {
  /** A pattern board the schema takes but the puzzle's size does not: only the engine can refuse it. */
  const misfit = { cells: '.'.repeat(36) };
  const patternPath = `${date}/pattern/easy`;

  it("the session: a misfit board without one is no_session, not the engine's refusal", async () => {
    const player = await register(at);
    const res = await askHint(player.token, consenting(misfit), patternPath);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('no_session');
  });

  it('the consent: a misfit board on a ranked session without it is hint_ends_ranking', async () => {
    const player = await register(at);
    await startPuzzle(at, player.token, date, 'pattern', 'easy');
    const res = await askHint(player.token, misfit, patternPath);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('hint_ends_ranking');
  });

  it('the cap: a misfit board on a session with all its hints is hint_limit', async () => {
    const player = await register(at);
    await startPuzzle(at, player.token, date, 'pattern', 'easy');
    const board = await startingPosition(date, 'pattern', 'easy');
    for (let i = 0; i < HINTS_PER_SESSION; i++) await askHint(player.token, consenting(board), patternPath);
    const res = await askHint(player.token, misfit, patternPath);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('hint_limit');
  });

  it("a misfit board on a session that may have a hint is the engine's 400, counting nothing", async () => {
    const player = await register(at);
    await startPuzzle(at, player.token, date, 'pattern', 'easy');
    const res = await askHint(player.token, consenting(misfit), patternPath);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_request');
  });
});

describe('a hinted solve', () => {
  async function hintedSolve(bindings: Cloudflare.Env): Promise<{ player: NewPlayer; result: ResultJson }> {
    const player = await playing();
    expect((await askHint(player.token, consenting({ grid: givens }))).status).toBe(200);
    const res = await submit(submitAt, player.token, path, { solution: { grid: solution } }, bindings);
    expect(res.status).toBe(200);
    return { player, result: await bodyOf(res, SubmissionResultSchema) };
  }

  async function boardIds(bindings: Cloudflare.Env): Promise<string[]> {
    const res = await appAt(submitAt, bindings)(`/v1/leaderboards/${path}?fresh=1`);
    const body = await bodyOf(res, PuzzleBoardSchema);
    return body.entries.map((e) => e.playerId ?? '');
  }

  it('is judged and answered as practice because of its hints', async () => {
    const { result } = await hintedSolve(env);
    expect(result).toMatchObject({ valid: true, practice: true, hints: 1 });
    expect(result.rating).toBeUndefined();
  });

  it('never reaches the puzzle board, nor a rating', async () => {
    const clean = await playing();
    const cleanRes = await submit(submitAt, clean.token, path, { solution: { grid: solution } });
    expect((await bodyOf(cleanRes, SubmissionResultSchema)).practice).toBeUndefined();
    const { player } = await hintedSolve(env);
    // Both vouched for: only practice can keep the hinted solve off the board (not the top's own rule).
    await vouchEveryone();
    const ids = await boardIds(env);
    expect(ids).toContain(clean.player.id);
    expect(ids).not.toContain(player.player.id);
    const ratings = await env.DB.prepare('select count(*) as n from player_ratings where player_id = ?')
      .bind(player.player.id)
      .first<{ n: number }>();
    expect(ratings?.n).toBe(0);
  });

  it('never reaches a live board either', async () => {
    const { player, result } = await hintedSolve(onBoards);
    expect(result.practice).toBe(true);
    expect(await boardIds(onBoards)).not.toContain(player.player.id);
  });

  it("shows its hints in the player's history", async () => {
    const { player } = await hintedSolve(env);
    const res = await appAt(submitAt)('/v1/players/me/history', { headers: bearer(player.token) });
    const body = await bodyOf(res, HistorySchema);
    expect(body.entries[0]).toMatchObject({ practice: true, hints: 1 });
  });
});

describe('the hint rate limit', () => {
  it(`serves ${RATE_LIMITS.hintPerIp.limit} hints a minute from one address, then 429`, async () => {
    const player = await register(at);
    const counted = appAt(
      at,
      limitedOn(() => Date.parse(at)),
    );
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.hintPerIp.limit; i++) {
      statuses.push((await askHint(player.token, { grid: givens }, path, from, counted)).status);
    }
    // Without a session each hint is refused after the limit has counted it.
    expect(statuses.slice(0, -1).every((s) => s === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 30_000);
});

describe('hints of every kind', () => {
  for (const kind of KINDS) {
    it(`gives ${kind}'s first step from its empty board, and a 400 that counts nothing for a board of another size`, async () => {
      const player = await register(at);
      await startPuzzle(at, player.token, date, kind, 'easy');
      const board = await startingPosition(date, kind, 'easy');
      const res = await askHint(player.token, consenting(board), `${date}/${kind}/easy`);
      expect(res.status).toBe(200);
      const body = await bodyOf(res, HintAnswerSchema);
      expect(body.hint.type).toBe('step');
      expect(body.hintsUsed).toBe(1);
      if (kind === 'colorsort') return;
      const [field, value] = Object.entries(board as Record<string, string | number[]>)[0] as [
        string,
        string | number[],
      ];
      const wrong = { [field]: typeof value === 'string' ? `${value}.` : [...value, 0] };
      const refused = await askHint(player.token, wrong, `${date}/${kind}/easy`);
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).error).toMatchObject({ code: 'invalid_request' });
      const again = await askHint(player.token, board, `${date}/${kind}/easy`);
      expect((await bodyOf(again, HintAnswerSchema)).hintsUsed).toBe(2);
    });
  }
});
