import { expect } from 'vitest';
import type { Level } from '../../src/contract/kinds/index.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import type { Kind } from '../../src/kinds/index.js';
import { bodyOf } from './json.js';
import { evenLog } from './logs.js';
import { offline, stored } from './paced.js';
import { later, type NewPlayer, type ResultJson, startPuzzle, submit } from './play.js';

/**
 * A script's solve: its moves pasted every 60 ms half a second into the session and submitted a second
 * after the last, far under the floor and too even for a person, so the verdict is `flagged`.
 */
export async function flaggedSolve(
  player: NewPlayer,
  date: string,
  kind: Kind,
  level: Level,
  fetchedAt: string,
): Promise<ResultJson> {
  const row = await stored(date, kind, level, fetchedAt);
  const { solution, steps } = offline(kind, level, row);
  await startPuzzle(fetchedAt, player.token, date, kind, level);
  const log = evenLog(steps, 500, 60);
  const submitAt = later(fetchedAt, (500 + steps.length * 60 + 1000) / 1000);
  const res = await submit(submitAt, player.token, `${date}/${kind}/${level}`, { solution, log });
  expect(res.status).toBe(200);
  const result = await bodyOf(res, SubmissionResultSchema);
  expect(result.verdict).toBe('flagged');
  return result;
}
