import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { DayPuzzlesSchema } from '../../src/contract/puzzle.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { makePuzzleRow } from '../../src/daily/make-puzzle.js';
import { dailySeed } from '../../src/daily/seed.js';
import { defaultBenchmark, engineFor, KINDS } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { bearer, register, solveStored, startPuzzle, submit } from '../support/play.js';

const DATE = '2026-11-29';
/** Playable everywhere it has begun, answers not yet public (they are from 2026-11-30T12:00Z). */
const AT = '2026-11-30T11:00:00Z';

interface Secret {
  id: string;
  seed: string;
  answer: string;
}

/** The strings that must never appear before the embargo: seeds and the answers' payloads. */
async function secretsOfDate(): Promise<Secret[]> {
  const { results } = await env.DB.prepare('select id, seed, answer_json from puzzles where date = ?')
    .bind(DATE)
    .all<{ id: string; seed: string; answer_json: string }>();
  return results.map((r) => {
    const answer = JSON.parse(r.answer_json) as Record<string, unknown>;
    const payload = Object.values(answer)[0];
    return {
      id: r.id,
      seed: r.seed,
      answer: typeof payload === 'string' ? payload : JSON.stringify(payload),
    };
  });
}

describe('secrets stay secret before the embargo', () => {
  it('no route returns a seed or an answer of a playable but unfinished date', async () => {
    const api = appAt(AT);
    const bodies: string[] = [];
    const get = async (path: string, init?: RequestInit) => {
      const res = await api(path, init);
      bodies.push(await res.text());
      return res;
    };
    await get(`/v1/puzzles/${DATE}`);
    await get('/v1/puzzles/today?tz=Pacific/Pago_Pago');
    const { token } = await register(AT, 'Walker');
    for (const kind of KINDS) {
      for (const level of engineFor(kind).levels) {
        const path = `${DATE}/${kind}/${level}`;
        await get(`/v1/puzzles/${path}`);
        await get(`/v1/puzzles/${path}`, { headers: bearer(token) });
        expect((await get(`/v1/puzzles/${path}/answer`)).status).toBe(403);
        await get(`/v1/puzzles/${path}/stats`);
        await get(`/v1/leaderboards/${path}`, { headers: bearer(token) });
      }
      const level = engineFor(kind).levels[0];
      if (!level) continue;
      const startToken = await startPuzzle(AT, token, DATE, kind, level);
      const solution = await solveStored(DATE, kind, level);
      const res = await submit('2026-11-30T11:10:00Z', token, `${DATE}/${kind}/${level}`, {
        solution,
        elapsedMs: 500_000,
        startToken,
      });
      bodies.push(await res.text());
    }
    await get('/v1/players/me', { headers: bearer(token) });
    await get(`/v1/leaderboards/ratings/sudoku`);
    await get('/v1/health');
    await get('/openapi.json');

    const secrets = await secretsOfDate();
    expect(secrets.length).toBeGreaterThan(0);
    const everything = bodies.join('\n');
    for (const secret of secrets) {
      expect(everything.includes(secret.seed), `seed of ${secret.id}`).toBe(false);
      expect(everything.includes(secret.answer), `answer of ${secret.id}`).toBe(false);
    }
  });

  it('public colour-sort payloads hide the bottom units of every tube', async () => {
    const res = await appAt(AT)(`/v1/puzzles/${DATE}`);
    const day = await bodyOf(res, DayPuzzlesSchema);
    const colorsorts = day.puzzles.flatMap((p) => (p.kind === 'colorsort' ? [p] : []));
    for (const { puzzle } of colorsorts) {
      for (const tube of puzzle.tubes) {
        const hidden = Math.min(2, tube.length);
        expect(tube.slice(0, hidden).every((unit) => unit === null)).toBe(true);
      }
    }
  });

  it('the answers are served once the date has ended everywhere', async () => {
    const res = await appAt('2026-11-30T12:00:00Z')(`/v1/puzzles/${DATE}/sudoku/easy/answer`);
    expect(res.status).toBe(200);
    const [secret] = (await secretsOfDate()).filter((s) => s.id === `${DATE}:sudoku:easy`);
    expect(await res.text()).toContain(secret?.answer);
  });
});

describe('the salt', () => {
  it('makes the seeds, and so the puzzles, unpredictable without it', async () => {
    const date = '2026-12-01' as IsoDate;
    const a = await dailySeed(DEV_SECRETS.PUZZLE_SALT, date, 'sudoku', 'hard');
    const b = await dailySeed('another-salt-of-some-length', date, 'sudoku', 'hard');
    expect(a).not.toBe(b);
    const key = { date, kind: 'sudoku', level: 'hard' } as const;
    const base = defaultBenchmark('sudoku', 'hard');
    expect(makePuzzleRow(key, a, base).puzzle).not.toEqual(makePuzzleRow(key, b, base).puzzle);
  });

  it('gives each puzzle of a date its own seed, the same on every run', async () => {
    const date = '2026-12-01' as IsoDate;
    expect(await dailySeed(DEV_SECRETS.PUZZLE_SALT, date, 'loop', 'easy')).toBe(
      await dailySeed(DEV_SECRETS.PUZZLE_SALT, date, 'loop', 'easy'),
    );
    expect(await dailySeed(DEV_SECRETS.PUZZLE_SALT, date, 'loop', 'easy')).not.toBe(
      await dailySeed(DEV_SECRETS.PUZZLE_SALT, date, 'loop', 'medium'),
    );
  });
});
