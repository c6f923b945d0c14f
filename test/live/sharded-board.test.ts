import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlayerId } from '../../src/auth/player-token.js';
import { DEV_SECRETS } from '../../src/config.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { createDb } from '../../src/db/client.js';
import {
  type PuzzleRatingState,
  puzzleRatingState,
  resetPuzzleRatingsQuery,
} from '../../src/db/puzzle-ratings.js';
import { type LivePuzzle, liveDesks } from '../../src/live/desks.js';
import type { PuzzleDesk } from '../../src/live/puzzle-desk.js';
import { allShards, shardName, shardOf } from '../../src/live/shards.js';
import { catchUpPuzzleRating } from '../../src/play/catch-up-puzzle-ratings.js';
import { submitSolution } from '../../src/play/submit.js';
import { createServices } from '../../src/services.js';
import { appAt } from '../support/app.js';
import {
  copyPuzzle,
  d1Number,
  deskNamespace,
  establishedSolve,
  judgedSolve,
  newPlayers,
  setDeskD1,
} from '../support/live.js';
import {
  bearer,
  humanLogFor,
  register,
  solveStored,
  someAddress,
  startPuzzle,
  submitUnsettled,
} from '../support/play.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const K = 4;
/** The suite's bindings on the board path, with new puzzles made with four board shards. */
const sharded: Cloudflare.Env = { ...env, BOARD_SHARDS: String(K) };

const boards = () => liveDesks(deskNamespace());

function shard(puzzleId: string, i: number): DurableObjectStub<PuzzleDesk> {
  const namespace = deskNamespace();
  return namespace.get(namespace.idFromName(shardName(puzzleId, i)));
}

/** The players whose solves a shard's own storage holds. */
function playersOn(puzzleId: string, i: number): Promise<string[]> {
  return runInDurableObject(shard(puzzleId, i), (_instance, state) =>
    state.storage.sql
      .exec<{ player_id: string }>('select player_id from solves order by seq')
      .toArray()
      .map((r) => r.player_id),
  );
}

/** A copy of the day's easy sudoku under its own id, split over four shards, with nothing on it yet. */
async function shardedPuzzle(name: string): Promise<LivePuzzle> {
  const id = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, id);
  await env.DB.prepare('update puzzles set board_shards = ? where id = ?').bind(K, id).run();
  return { id, boardShards: K };
}

/**
 * `n` new players with at least `perShard` of them on every shard (random ids: drawn again until they are
 * spread so; a handful of draws suffice, and a draw that never spreads fails rather than hangs).
 */
async function spreadPlayers(n: number, perShard = 1): Promise<string[]> {
  for (let draw = 0; draw < 50; draw++) {
    const ids = await newPlayers(n);
    const counts = Array.from({ length: K }, (_, s) => ids.filter((id) => shardOf(id, K) === s).length);
    if (counts.every((c) => c >= perShard)) return ids;
  }
  throw new Error(`50 draws of ${n} players never put ${perShard} on each of ${K} shards`);
}

/** A board's rating of its puzzle (what its next game plays against, held in memory). */
function boardRating(board: DurableObjectStub<PuzzleDesk>): Promise<number> {
  return runInDurableObject(
    board,
    (instance) => (instance as unknown as { puzzle: { rating: { rating: number } } }).puzzle.rating.rating,
  );
}

function admin(path: string, body: unknown) {
  return appAt('2026-11-29T13:00:00Z', sharded)(path, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`,
      'content-type': 'application/json',
      ...someAddress(),
    },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  for (const level of ['easy', 'medium', 'hard'])
    await appAt(fetchedAt, sharded)(`/v1/puzzles/${date}/sudoku/${level}`);
});

describe('a live puzzle split over four board shards', () => {
  it('is made with the shards BOARD_SHARDS names, fixed on its row', async () => {
    expect(await d1Number('select board_shards as n from puzzles where id = ?', `${date}:sudoku:easy`)).toBe(
      K,
    );
  });

  it("stores each player's solve on the shard its id hashes to, and on no other", async () => {
    const puzzle = await shardedPuzzle('spread');
    const players = await spreadPlayers(24);
    for (const [i, id] of players.entries()) {
      await boards().submit(puzzle, judgedSolve(puzzle.id, id, 60_000 + i * 1000));
    }
    for (const i of allShards(K)) {
      expect((await playersOn(puzzle.id, i)).sort()).toEqual(
        players.filter((p) => shardOf(p, K) === i).sort(),
      );
    }
  });

  it('answers a repeat with the stored result, from the same shard', async () => {
    const puzzle = await shardedPuzzle('repeat');
    const [player = ''] = await newPlayers(1);
    const first = await boards().submit(puzzle, judgedSolve(puzzle.id, player, 70_000));
    const again = await boards().submit(puzzle, judgedSolve(puzzle.id, player, 30_000));
    expect(again).toMatchObject({ repeated: true, solve: { countedMs: 70_000 }, rank: 1, solvers: 1 });
    expect(first.repeated).toBe(false);
    const holding = await Promise.all(allShards(K).map((i) => playersOn(puzzle.id, i)));
    expect(holding.map((list) => list.length)).toEqual(
      allShards(K).map((i) => (i === shardOf(player, K) ? 1 : 0)),
    );
  });

  it("counts another shard's solves in a rank once that shard has flushed, and not before", async () => {
    const puzzle = await shardedPuzzle('staleness');
    const players = await spreadPlayers(8);
    // Every shard started (and asked the others, still empty) before any solve: only flushes tell them since.
    for (const i of allShards(K))
      await boards().standing(puzzle, players.find((p) => shardOf(p, K) === i) ?? '');
    const [late = '', ...others] = players;
    for (const [i, id] of others.entries())
      await boards().submit(puzzle, judgedSolve(puzzle.id, id, 10_000 + i));
    const first = others[0] ?? '';
    const own = others.filter((p) => shardOf(p, K) === shardOf(first, K)).length;
    expect(await boards().standing(puzzle, first)).toMatchObject({ rank: 1, solvers: own });
    await boards().flush(puzzle);
    expect(await boards().standing(puzzle, first)).toMatchObject({ rank: 1, solvers: others.length });
    const answer = await boards().submit(puzzle, judgedSolve(puzzle.id, late, 90_000));
    expect(answer).toMatchObject({ rank: players.length, solvers: players.length });
  });

  it('ends with ranks, solvers, median and histogram equal to a recomputation once every shard has flushed', async () => {
    const puzzle = await shardedPuzzle('recomputed');
    const players = await spreadPlayers(40);
    // Ten distinct times, so four players share each: ties inside a shard and across shards.
    const solves = players.map((id, arrival) => ({ id, arrival, ms: 20_000 + (arrival % 10) * 3_000 }));
    for (const s of solves) await boards().submit(puzzle, judgedSolve(puzzle.id, s.id, s.ms));
    await boards().flush(puzzle);
    // The documented order: faster first; at the same millisecond the lower shard, then the earlier arrival.
    const order = [...solves].sort(
      (a, b) => a.ms - b.ms || shardOf(a.id, K) - shardOf(b.id, K) || a.arrival - b.arrival,
    );
    for (const [i, s] of order.entries()) {
      expect(await boards().standing(puzzle, s.id)).toMatchObject({ rank: i + 1, solvers: 40 });
    }
    const summary = await boards().summary(puzzle, [30_000, 40_000]);
    expect(summary).toEqual({
      solvers: 40,
      // Of an even count, the middle two's mean, as D1's statistics give it.
      medianMs: Math.round(((order[19]?.ms ?? 0) + (order[20]?.ms ?? 0)) / 2),
      histogram: [
        solves.filter((s) => s.ms < 30_000).length,
        solves.filter((s) => s.ms >= 30_000 && s.ms < 40_000).length,
        solves.filter((s) => s.ms >= 40_000).length,
      ],
    });
  });

  it('leaves D1 one solve per player and one rating game each after every shard ran its alarm', async () => {
    const puzzle = await shardedPuzzle('alarms');
    const players = await spreadPlayers(30);
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, judgedSolve(puzzle.id, id, 40_000 + i * 10));
    for (const i of allShards(K)) expect(await runDurableObjectAlarm(shard(puzzle.id, i))).toBe(true);
    // The others reported after shard 0's own flush: their reports set its alarm again, which writes them.
    expect(await runDurableObjectAlarm(shard(puzzle.id, 0))).toBe(true);
    const count = (query: string) => d1Number(query, puzzle.id);
    expect(await count('select count(*) as n from submissions where puzzle_id = ?')).toBe(30);
    expect(await count('select count(distinct player_id) as n from submissions where puzzle_id = ?')).toBe(
      30,
    );
    expect(await count('select games as n from puzzles where id = ?')).toBe(30);
    expect(
      await count(
        'select rated_through - (select max(id) from submissions where puzzle_id = ?) as n from puzzles where id = ?1',
      ),
    ).toBe(0);
    expect(
      await d1Number(
        `select sum(games) as n from player_ratings where player_id in (${players.map(() => '?').join(', ')})`,
        ...players,
      ),
    ).toBe(30);
  });

  it("ends with shard 0 holding D1's puzzle rating, every shard's games applied there once", async () => {
    const puzzle = await shardedPuzzle('rated');
    const players = await spreadPlayers(12);
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, establishedSolve(puzzle.id, id, 90_000 + i * 500));
    await boards().flush(puzzle);
    expect(await d1Number('select games as n from puzzles where id = ?', puzzle.id)).toBe(12);
    const d1Rating = await d1Number('select rating as n from puzzles where id = ?', puzzle.id);
    expect(d1Rating).not.toBe(1500);
    expect(await boardRating(shard(puzzle.id, 0))).toBe(d1Rating);
  });

  it('plays a later game on another shard against the rating shard 0 gave it at its flush', async () => {
    const puzzle = await shardedPuzzle('opponent');
    // Two on every shard: the later player's shard has an earlier solve to flush, which brings it the rating.
    const players = await spreadPlayers(12, 2);
    const later = players.find((p) => shardOf(p, K) !== 0) ?? '';
    const earlier = players.filter((p) => p !== later);
    for (const [i, id] of earlier.entries())
      await boards().submit(puzzle, establishedSolve(puzzle.id, id, 90_000 + i * 500));
    await boards().flush(puzzle);
    const board = shard(puzzle.id, shardOf(later, K));
    const given = await boardRating(board);
    expect(given).not.toBe(1500);
    await boards().submit(puzzle, judgedSolve(puzzle.id, later, 50_000));
    const row = await runInDurableObject(board, (_instance, state) =>
      state.storage.sql.exec<{ row: string }>('select row from solves where player_id = ?', later).one(),
    );
    expect((JSON.parse(row.row) as { opponentRating: number }).opponentRating).toBe(given);
  });

  it('stores one solve of 200 identical submissions by one player, answers one as new, and plays one game', async () => {
    const at = '2026-11-29T12:20:00Z';
    const { player, token } = await register(fetchedAt);
    await startPuzzle(fetchedAt, token, date, 'sudoku', 'medium');
    const solution = await solveStored(date, 'sudoku', 'medium');
    const log = await humanLogFor(player.id, `${date}/sudoku/medium`, solution, at);
    const services = await createServices(sharded, () => new Date(at));
    const held = { playerId: player.id as PlayerId, tokenId: token.split('.')[1] ?? '' };
    const key = { date: date as IsoDate, kind: 'sudoku', level: 'medium' } as const;
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => submitSolution(services, held, key, { solution, log })),
    );
    const results = outcomes.map((o) => (o.ok ? o.result : undefined));
    expect(results.every((r) => r?.valid && r.countedMs === results[0]?.countedMs)).toBe(true);
    expect(results.filter((r) => r?.repeated === false)).toHaveLength(1);
    const puzzleId = `${date}:sudoku:medium`;
    expect(await d1Number('select board_shards as n from puzzles where id = ?', puzzleId)).toBe(K);
    await boards().flush({ id: puzzleId, boardShards: K });
    expect(
      await d1Number('select count(*) as n from submissions where player_id = ? and ranked = 1', player.id),
    ).toBe(1);
    expect(await d1Number('select games as n from player_ratings where player_id = ?', player.id)).toBe(1);
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(1);
  });
});

describe('moderation of a live puzzle split over four board shards', () => {
  it('a voided solve leaves every shard, and the shards and D1 then agree on ranks and rating', async () => {
    const puzzle = await shardedPuzzle('voided');
    const players = await spreadPlayers(8);
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, establishedSolve(puzzle.id, id, 60_000 + (i + 1) * 10_000));
    await boards().flush(puzzle);
    const [fastest = '', ...rest] = players;
    const id = await d1Number(
      'select id as n from submissions where puzzle_id = ? and player_id = ?',
      puzzle.id,
      fastest,
    );
    const res = await admin(`/v1/admin/submissions/${id}/void`, { reason: 'shared' });
    expect(res.status).toBe(200);
    for (const [i, p] of rest.entries()) {
      expect(await boards().standing(puzzle, p)).toMatchObject({ rank: i + 1, solvers: 7 });
    }
    expect(await d1Number('select games as n from puzzles where id = ?', puzzle.id)).toBe(7);
    expect(await boardRating(shard(puzzle.id, 0))).toBe(
      await d1Number('select rating as n from puzzles where id = ?', puzzle.id),
    );
  });

  it("a ban reaches the player's solve its shard had not copied to D1 yet", async () => {
    const puzzle = { id: `${date}:sudoku:easy`, boardShards: K };
    const solution = await solveStored(date, 'sudoku', 'easy');
    const banned = await register(fetchedAt);
    const other = await register(fetchedAt);
    for (const p of [banned, other]) {
      await startPuzzle(fetchedAt, p.token, date, 'sudoku', 'easy');
      await submitUnsettled('2026-11-29T12:10:00Z', p.token, `${date}/sudoku/easy`, { solution }, sharded);
    }
    expect(await d1Number('select count(*) as n from submissions where puzzle_id = ?', puzzle.id)).toBe(0);
    const res = await admin(`/v1/admin/players/${banned.player.id}/ban`, { reason: 'script' });
    expect(res.status).toBe(200);
    expect(
      await d1Number(
        'select counted as n from submissions where player_id = ? and ranked = 1',
        banned.player.id,
      ),
    ).toBe(0);
    expect(await boards().standing(puzzle, other.player.id)).toMatchObject({ rank: 1, solvers: 1 });
  });
  it("an account's deletion moves its solve to the shard of its stand-in, counted once", async () => {
    const puzzle = { id: `${date}:sudoku:hard`, boardShards: K };
    const solution = await solveStored(date, 'sudoku', 'hard');
    const leaving = await register(fetchedAt);
    await startPuzzle(fetchedAt, leaving.token, date, 'sudoku', 'hard');
    await submitUnsettled(
      '2026-11-29T12:10:00Z',
      leaving.token,
      `${date}/sudoku/hard`,
      { solution },
      sharded,
    );
    const res = await appAt('2026-11-29T13:00:00Z', sharded)('/v1/players/me', {
      method: 'DELETE',
      headers: { ...bearer(leaving.token), ...someAddress() },
    });
    expect(res.status).toBe(204);
    const row = await env.DB.prepare('select player_id, counted from submissions where puzzle_id = ?')
      .bind(puzzle.id)
      .first<{ player_id: string; counted: number }>();
    expect(row?.counted).toBe(1);
    const standIn = row?.player_id ?? '';
    expect(await boards().standing(puzzle, leaving.player.id)).toBeNull();
    expect(await boards().standing(puzzle, standIn)).toMatchObject({ rank: 1, solvers: 1 });
    const holding = await Promise.all(allShards(K).map((i) => playersOn(puzzle.id, i)));
    expect(holding.flat()).toEqual([standIn]);
  });
});

describe("shard 0's writes of the puzzle's rating", () => {
  /** The players of `n` who are not on shard 0 (their solves reach it only as reports). */
  async function offShardZero(n: number): Promise<string[]> {
    return (await spreadPlayers(n)).filter((id) => shardOf(id, K) !== 0);
  }

  /** D1's puzzle rating has every counted game, through the last one. */
  async function ratedThroughAll(puzzleId: string): Promise<{ games: number; behind: number }> {
    return {
      games: await d1Number('select games as n from puzzles where id = ?', puzzleId),
      behind: await d1Number(
        'select (select max(id) from submissions where puzzle_id = ?1) - rated_through as n from puzzles where id = ?1',
        puzzleId,
      ),
    };
  }

  /** D1's rating of the puzzle, and what a catch-up from a new rating makes of D1's games. */
  async function storedAndReplayed(puzzleId: string) {
    const db = createDb(env.DB);
    const values = (state: PuzzleRatingState | undefined) =>
      state && { rating: state.rating, deviation: state.ratingDeviation, games: state.establishedGames };
    const stored = values(await puzzleRatingState(db, puzzleId));
    await resetPuzzleRatingsQuery(db, [puzzleId]);
    await catchUpPuzzleRating(db, (await puzzleRatingState(db, puzzleId)) as PuzzleRatingState);
    return { stored, replayed: values(await puzzleRatingState(db, puzzleId)) };
  }

  it("takes the other shards' reports with no D1 statement, and writes them with its own batch in one round trip", async () => {
    const puzzle = await shardedPuzzle('carried');
    const players = await spreadPlayers(16, 2);
    // With the players' rating rows read, as the Worker sends them: no player rating is caught up after.
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, judgedSolve(puzzle.id, id, 90_000 + i * 500));
    const zero = shard(puzzle.id, 0);
    const counted = countingTrips(env.DB);
    await setDeskD1(zero, counted.d1);
    for (const i of allShards(K).slice(1)) await shard(puzzle.id, i).flush();
    expect(counted.trips()).toBe(0);
    await zero.flush();
    expect(counted.trips()).toBe(1);
    expect(await ratedThroughAll(puzzle.id)).toEqual({ games: 16, behind: 0 });
    const { stored, replayed } = await storedAndReplayed(puzzle.id);
    expect(stored).toEqual(replayed);
    expect(await boardRating(zero)).toBe(stored?.rating);
  });

  it('writes the reports on its alarm when it has no solve of its own to copy', async () => {
    const puzzle = await shardedPuzzle('reports-alone');
    const players = await offShardZero(12);
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, establishedSolve(puzzle.id, id, 90_000 + i * 500));
    for (const i of allShards(K).slice(1)) await shard(puzzle.id, i).flush();
    expect((await ratedThroughAll(puzzle.id)).games).toBe(0);
    expect(await runDurableObjectAlarm(shard(puzzle.id, 0))).toBe(true);
    expect(await ratedThroughAll(puzzle.id)).toEqual({ games: players.length, behind: 0 });
    const { stored, replayed } = await storedAndReplayed(puzzle.id);
    expect(stored).toEqual(replayed);
  });

  /** `d1` whose first batch lets `landing` (another shard's flush) reach D1 just ahead of it. */
  function landingFirst(d1: D1Database, landing: () => Promise<unknown>): D1Database {
    let landed = false;
    return new Proxy(d1, {
      get(target, prop) {
        if (prop === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            if (!landed) {
              landed = true;
              await landing();
            }
            return target.batch(statements);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  it('waits for the report of a shard whose flush landed just before its batch, and catches nothing up', async () => {
    const puzzle = await shardedPuzzle('landed-first');
    const players = await spreadPlayers(16, 2);
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, judgedSolve(puzzle.id, id, 90_000 + i * 500));
    for (const i of [2, 3]) await shard(puzzle.id, i).flush();
    const zero = shard(puzzle.id, 0);
    const counted = countingTrips(env.DB);
    await setDeskD1(
      zero,
      landingFirst(counted.d1, () => shard(puzzle.id, 1).flush()),
    );
    await zero.flush();
    // Its batch, then one write of everything once shard 1's report came: no read, no catch-up.
    expect(counted.trips()).toBe(2);
    expect(await ratedThroughAll(puzzle.id)).toEqual({ games: 16, behind: 0 });
    const { stored, replayed } = await storedAndReplayed(puzzle.id);
    expect(stored).toEqual(replayed);
    expect(await boardRating(zero)).toBe(stored?.rating);
  });

  it("ends a reload whose batch waits for a shard whose report waits for the reload, D1's rating complete", async () => {
    const puzzle = await shardedPuzzle('reload-waits');
    const players = await spreadPlayers(16, 2);
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, judgedSolve(puzzle.id, id, 90_000 + i * 500));
    for (const i of [2, 3]) await shard(puzzle.id, i).flush();
    const onShardOne = players.filter((id) => shardOf(id, K) === 1).length;
    const inD1 = () => d1Number('select count(*) as n from submissions where puzzle_id = ?', puzzle.id);
    const before = await inD1();
    const zero = shard(puzzle.id, 0);
    // Shard 1's flush lands in D1 just before shard 0's batch; its report then waits for the reload.
    await setDeskD1(
      zero,
      landingFirst(env.DB, async () => {
        void shard(puzzle.id, 1)
          .flush()
          .catch(() => undefined);
        while ((await inD1()) < before + onShardOne) await new Promise((r) => setTimeout(r, 10));
      }),
    );
    await zero.reload();
    // Shard 1's flush, taken up again from here: over once its report was taken after the reload.
    await shard(puzzle.id, 1).flush();
    expect(await inD1()).toBe(16);
    expect(await ratedThroughAll(puzzle.id)).toEqual({ games: 16, behind: 0 });
    const { stored, replayed } = await storedAndReplayed(puzzle.id);
    expect(stored).toEqual(replayed);
  });

  it('applies reports it lost with its memory at its next write, as a replay of D1 would', async () => {
    const puzzle = await shardedPuzzle('reports-lost');
    const players = await spreadPlayers(16, 2);
    for (const [i, id] of players.entries())
      await boards().submit(puzzle, establishedSolve(puzzle.id, id, 90_000 + i * 500));
    for (const i of allShards(K).slice(1)) await shard(puzzle.id, i).flush();
    const zero = shard(puzzle.id, 0);
    // A new instance: memory rebuilt from its storage alone, the reports it took gone with the old one.
    await runInDurableObject(zero, (instance) => {
      (instance as unknown as { loadMemory(): void }).loadMemory();
    });
    await zero.flush();
    expect(await ratedThroughAll(puzzle.id)).toEqual({ games: 16, behind: 0 });
    const { stored, replayed } = await storedAndReplayed(puzzle.id);
    expect(stored).toEqual(replayed);
  });
});
