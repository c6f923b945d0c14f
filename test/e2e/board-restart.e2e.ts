/**
 * Nothing a board acknowledged is lost when the Worker's process dies: ranked submissions go to the live board
 * (SUBMISSION_PATH "boards"), the Worker's process is killed (SIGKILL, workerd with it) while submissions are
 * still in flight, started again on the same storage, and with no request sent every acknowledged solve
 * is in D1 within 5 s: the board's alarm, persisted with its solves, copies them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { engineFor } from '../../src/kinds/index.js';
import { humanLog } from '../support/logs.js';
import { type LocalWorker, startWorker } from './worker.js';

const PLAYERS = 40;

const address = (i: number) => ({ 'CF-Connecting-IP': `10.9.${i >> 8}.${i & 255}` });

describe('a dev server killed under load', () => {
  let worker: LocalWorker | undefined;
  afterAll(async () => {
    await worker?.stop();
  });

  it('finds every acknowledged solve in D1 within 5 s of its restart, with no request sent', async () => {
    worker = await startWorker({ submissionPath: 'boards' });
    const date = new Date().toISOString().slice(0, 10);
    const path = `/v1/puzzles/${date}/sudoku/easy`;
    const send = async (i: number, method: string, url: string, body?: unknown, token?: string) =>
      fetch(`${worker?.url}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...address(i),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const players: { token: string; at: number }[] = [];
    let view: unknown;
    for (let i = 0; i < PLAYERS; i++) {
      const { token } = (await (await send(i, 'POST', '/v1/players', {})).json()) as { token: string };
      const fetched = await send(i, 'GET', path, undefined, token);
      expect(fetched.status).toBe(200);
      players.push({ token, at: Date.now() });
      const { puzzle } = (await fetched.json()) as { puzzle: unknown };
      view ??= puzzle;
    }
    const engine = engineFor('sudoku');
    const puzzle = engine.parsePuzzle(view);
    const solution = engine.solve(puzzle).solutions[0];
    const steps = engine.stepsTo(puzzle, solution);
    await new Promise((r) => setTimeout(r, 4000));

    const acknowledged: number[] = [];
    const inFlight = players.map(async ({ token, at }, i) => {
      // Spread over about a second, so that the kill lands while some are still on their way.
      await new Promise((r) => setTimeout(r, i * 25));
      const log = humanLog(steps, { endMs: Date.now() - at - 1000, seed: i + 1 });
      try {
        const res = await send(i, 'POST', `${path}/submissions`, { solution, log }, token);
        const body = (await res.json()) as { valid?: boolean; repeated?: boolean };
        if (res.status === 200 && body.valid) acknowledged.push(i);
      } catch {
        // Cut off by the kill: never acknowledged.
      }
    });
    // Killed once a few are acknowledged, whatever the machine's pace: the rest are still on their way.
    for (let waited = 0; acknowledged.length < 5 && waited < 60_000; waited += 10) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const { persistDir } = worker;
    await worker.kill();
    await Promise.all(inFlight);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(PLAYERS);

    worker = await startWorker({ submissionPath: 'boards', persistDir });
    const restartedAt = Date.now();
    // Acknowledged players, by id (a token starts with its player's id). A solve whose answer the kill cut
    // off may be stored too: only the acknowledged ones must be.
    const expected = acknowledged.map((i) => players[i]?.token.split('.')[0] ?? '');
    let missing = expected;
    // When the read that found them began (a read of the local D1 through wrangler takes about a second).
    let readAt = restartedAt;
    while (Date.now() - restartedAt < 5000 && missing.length > 0) {
      await new Promise((r) => setTimeout(r, 250));
      readAt = Date.now();
      const rows = await worker.query<{ player_id: string }>(
        `select player_id from submissions where puzzle_id = '${date}:sudoku:easy' and ranked = 1`,
      );
      const stored = new Set(rows.map((r) => r.player_id));
      missing = expected.filter((id) => !stored.has(id));
    }
    console.log(
      `[board-restart] ${acknowledged.length} of ${PLAYERS} acknowledged, ${missing.length} of them missing from D1 at ${readAt - restartedAt} ms`,
    );
    expect(missing).toEqual([]);
    expect(readAt - restartedAt).toBeLessThan(5000);
  });
});
