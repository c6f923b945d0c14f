import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../src/contract/error.js';
import { BoardOverloadedError, callDesk } from '../../src/live/call-desk.js';
import type { PuzzleDesk } from '../../src/live/puzzle-desk.js';
import { bodyOf } from '../support/json.js';
import { d1Number } from '../support/live.js';
import { register, solveStored, startPuzzle, submit } from '../support/play.js';

/**
 * A namespace whose stubs fail as the platform's do: the Durable Objects runtime cannot be made to answer
 * `overloaded` or `retryable` on demand locally, so its error shape (`.overloaded`, `.retryable`) is given
 * here. `failures` are thrown in order, one per stub; after them the call answers 'ok'.
 */
function failingNamespace(failures: Record<string, boolean>[]) {
  const stubs: number[] = [];
  const namespace = {
    idFromName: (name: string) => name,
    get: () => {
      const n = stubs.length;
      stubs.push(n);
      return { n };
    },
  } as unknown as DurableObjectNamespace<PuzzleDesk>;
  const call = async (stub: DurableObjectStub<PuzzleDesk>) => {
    const failure = failures[(stub as unknown as { n: number }).n];
    if (failure) throw Object.assign(new Error('from the platform'), failure);
    return 'ok';
  };
  return { namespace, call, stubs };
}

describe('a call to a board', () => {
  it('is made once and refused as overloaded when the board is overloaded', async () => {
    const { namespace, call, stubs } = failingNamespace([{ overloaded: true, retryable: true }]);
    await expect(callDesk(namespace, 'p', call)).rejects.toBeInstanceOf(BoardOverloadedError);
    expect(stubs).toHaveLength(1);
  });

  it('is retried on a new stub after a retryable error, and answers once one succeeds', async () => {
    const { namespace, call, stubs } = failingNamespace([{ retryable: true }, { retryable: true }]);
    expect(await callDesk(namespace, 'p', call)).toBe('ok');
    expect(stubs).toEqual([0, 1, 2]);
  });

  it('gives up after three attempts that were all retryable', async () => {
    const { namespace, call, stubs } = failingNamespace([
      { retryable: true },
      { retryable: true },
      { retryable: true },
    ]);
    await expect(callDesk(namespace, 'p', call)).rejects.toThrow('from the platform');
    expect(stubs).toHaveLength(3);
  });

  it("is not retried when the board's own code threw (not retryable)", async () => {
    const { namespace, call, stubs } = failingNamespace([{ remote: true }]);
    await expect(callDesk(namespace, 'p', call)).rejects.toThrow('from the platform');
    expect(stubs).toHaveLength(1);
  });
});

describe('a ranked submission whose board is overloaded', () => {
  it('answers 503 board_overloaded with Retry-After, and stores nothing', async () => {
    const date = '2026-11-29';
    const fetchedAt = '2026-11-29T12:00:00Z';
    const { token } = await register(fetchedAt);
    await startPuzzle(fetchedAt, token, date, 'sudoku', 'easy');
    const solution = await solveStored(date, 'sudoku', 'easy');
    const overloaded = {
      idFromName: (name: string) => name,
      get: () => ({
        submit: () => Promise.reject(Object.assign(new Error('overloaded'), { overloaded: true })),
      }),
    } as unknown as DurableObjectNamespace;
    const res = await submit(
      '2026-11-29T12:10:00Z',
      token,
      `${date}/sudoku/easy`,
      { solution },
      {
        ...env,
        PUZZLE_DESK: overloaded,
      },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('1');
    expect((await bodyOf(res, ErrorSchema)).error.code).toBe('board_overloaded');
    expect(await d1Number('select count(*) as n from submissions')).toBe(0);
  });
});
