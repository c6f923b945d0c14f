import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PlayerId } from '../../src/auth/player-token.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { createDb } from '../../src/db/client.js';
import { submitSolution } from '../../src/play/submit.js';
import { createServices } from '../../src/services.js';
import { appAt } from '../support/app.js';
import { laggingReplica } from '../support/lagging-replica.js';
import { onDirect } from '../support/live.js';
import { humanLogFor, register, solveStored, startPuzzle } from '../support/play.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const submitAt = '2026-11-29T12:20:00Z';

type Level = 'easy' | 'medium' | 'hard' | 'expert';

/** A player who fetched the puzzle 20 minutes ago, its solve and log ready to send. */
async function readySolver(level: Level) {
  await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/${level}`);
  const { player, token } = await register(fetchedAt);
  await startPuzzle(fetchedAt, token, date, 'sudoku', level);
  const solution = await solveStored(date, 'sudoku', level);
  const log = await humanLogFor(player.id, `${date}/sudoku/${level}`, solution, submitAt);
  const held = { playerId: player.id as PlayerId, tokenId: token.split('.')[1] ?? '' };
  const key = { date: date as IsoDate, kind: 'sudoku', level } as const;
  return { held, key, submission: { solution, log } };
}

/** Submits through services whose primary and replica handles count their round trips. */
async function submitCounted(bindings: Cloudflare.Env, level: Level, replicaD1: D1Database = env.DB) {
  const { held, key, submission } = await readySolver(level);
  const primary = countingTrips(env.DB);
  const replica = countingTrips(replicaD1);
  const services = await createServices(bindings, () => new Date(submitAt), {
    db: createDb(primary.d1),
    replica: createDb(replica.d1),
  });
  const before = { primary: primary.trips(), replica: replica.trips(), statements: replica.statements() };
  const outcome = await submitSolution(services, held, key, submission);
  return {
    outcome,
    primaryTrips: primary.trips() - before.primary,
    replicaTrips: replica.trips() - before.replica,
    replicaStatements: replica.statements() - before.statements,
  };
}

describe("a ranked submission's read of D1", () => {
  it('on the live boards goes to a replica alone: the primary is not asked', async () => {
    const { outcome, primaryTrips, replicaTrips } = await submitCounted(env, 'easy');
    expect(outcome).toMatchObject({ ok: true, result: { valid: true, repeated: false, rank: 1 } });
    expect({ primaryTrips, replicaTrips }).toEqual({ primaryTrips: 0, replicaTrips: 1 });
  });

  it("on the live boards leaves out the puzzle's pending games, which its board plays: 12 statements", async () => {
    const { outcome, replicaTrips, replicaStatements } = await submitCounted(env, 'expert');
    expect(outcome).toMatchObject({ ok: true, result: { valid: true, repeated: false } });
    expect({ replicaTrips, replicaStatements }).toEqual({ replicaTrips: 1, replicaStatements: 12 });
  });

  it('without a webhook queue leaves out the event types endpoints hear: one statement fewer', async () => {
    const { WEBHOOK_QUEUE: _queue, ...noQueue } = env;
    await submitCounted(env, 'expert');
    const queued = await submitCounted(env, 'expert');
    const unqueued = await submitCounted(noQueue, 'expert');
    expect(unqueued.outcome).toMatchObject({ ok: true, result: { valid: true, repeated: false } });
    expect(queued.replicaStatements - unqueued.replicaStatements).toBe(1);
  });

  it('on the live boards does not read again a puzzle judged before: 11 statements', async () => {
    await submitCounted(env, 'expert');
    const { outcome, replicaTrips, replicaStatements } = await submitCounted(env, 'expert');
    expect(outcome).toMatchObject({ ok: true, result: { valid: true, repeated: false } });
    expect({ replicaTrips, replicaStatements }).toEqual({ replicaTrips: 1, replicaStatements: 11 });
  });

  it("on the live boards asks the primary once when the replica has not yet seen the player's session", async () => {
    const behind = laggingReplica(env.DB, ['play_sessions']);
    const { outcome, primaryTrips, replicaTrips } = await submitCounted(env, 'medium', behind);
    expect(outcome).toMatchObject({ ok: true, result: { valid: true, repeated: false, rank: 1 } });
    expect({ primaryTrips, replicaTrips }).toEqual({ primaryTrips: 1, replicaTrips: 1 });
  });

  it('on the direct path is the primary’s, which the write after it checks against', async () => {
    const { outcome, replicaTrips } = await submitCounted(onDirect, 'hard');
    expect(outcome).toMatchObject({ ok: true, result: { valid: true, repeated: false, rank: 1 } });
    expect(replicaTrips).toBe(0);
  });
});
