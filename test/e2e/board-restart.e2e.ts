/**
 * Nothing a board acknowledged is lost when the dev server dies: ranked submissions go to the live board
 * (the committed default path), wrangler dev is killed (SIGKILL, workerd with it) while submissions are
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
    worker = await startWorker();
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
    await new Promise((r) => setTimeout(r, 500));
    const { persistDir } = worker;
    await worker.kill();
    await Promise.all(inFlight);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(PLAYERS);

    worker = await startWorker({ persistDir });
    const restartedAt = Date.now();
    let stored = 0;
    // When the read that found them began (a read of the local D1 through wrangler takes about a second).
    let readAt = restartedAt;
    while (Date.now() - restartedAt < 5000 && stored < acknowledged.length) {
      await new Promise((r) => setTimeout(r, 250));
      readAt = Date.now();
      const [row] = await worker.query<{ n: number }>(
        `select count(*) as n from submissions where puzzle_id = '${date}:sudoku:easy' and ranked = 1`,
      );
      stored = row?.n ?? 0;
    }
    console.log(
      `[board-restart] ${acknowledged.length} of ${PLAYERS} acknowledged, ${stored} in D1 by ${readAt - restartedAt} ms`,
    );
    expect(stored).toBe(acknowledged.length);
    expect(readAt - restartedAt).toBeLessThan(5000);
  });
});
