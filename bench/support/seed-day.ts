/**
 * The day the submission benchmarks load (http, split): seeded through wrangler's own commands and one start
 * of the Worker (the first request makes the day), then written in bulk while the Worker is stopped.
 */
import { getTableColumns } from 'drizzle-orm';
import * as schema from '../../src/db/schema.js';
import { benchPlayerIdSql, benchPlayersSql } from './bench-players.js';
import { applyMigrations, executeSql, serveWorker } from './wrangler.js';

export interface LoadPuzzle {
  id: string;
  path: string;
  puzzle: unknown;
}

/** The state seeded: the day, the fresh puzzle (sudoku easy), the hot one (sudoku medium), and any more asked for. */
export interface Seeded {
  date: string;
  puzzleCount: number;
  fresh: LoadPuzzle;
  hot: LoadPuzzle;
  /** Sudokus of the levels `more` named, in its order, with sessions as the fresh one. */
  more: LoadPuzzle[];
}

export interface DaySeed {
  /** Players 0 to `players` (the last one is a probe) holding the token `tokenId`. */
  players: number;
  tokenId: string;
  /** Other players' clean ranked solves of the hot puzzle. */
  priorSolvers: number;
  /** How long ago every player's sessions of the puzzles started. */
  sessionAgeMs: number;
  /** More sudoku levels to start sessions of (none when not given). */
  more?: readonly string[];
  /** Other players' clean ranked solves of some of the `more` levels, by level, as `priorSolvers`. */
  morePrior?: Readonly<Record<string, number>>;
  /**
   * Players after the probe (`players + 1` on), holding the token too, each with a clean ranked solve in
   * the middle of every puzzle with prior solvers: who reads those puzzles' boards.
   */
  viewers?: number;
  /**
   * Days of history each viewer has: a clean ranked solve of the easy sudoku of each of that many days
   * before, all in its rating of the kind (the easy sudokus of those days are copies of this day's).
   */
  history?: number;
}

/** The columns of the clean ranked solves this file seeds, in the order of each insert's select. */
const SOLVE_COLUMNS = `puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked, elapsed_ms, counted_ms,
  capped, benchmark_seconds, score, rating_before, deviation_before, rating_after, deviation_after, status, counted,
  established, streak_date, opponent_rating, opponent_deviation, puzzle_weight, player_weight`;

/** A seeded player's id as SQL, `group` '8000' for the bench's players (benchPlayerId), '9000' for others. */
const playerIdSql = (group: '8000' | '9000', i: string) => benchPlayerIdSql(i, group);

/** The date `k` days before `date` (both SQL). */
const dayBefore = (date: string, k: string) => `date(${date}, '-' || ${k} || ' days')`;

/** SQL giving the viewers `first` to `last` a clean solve of `from`'s copy on each of the `days` before it. */
function historySql(from: string, days: number, first: number, last: number): string {
  const columns = Object.values(getTableColumns(schema.puzzles)).map((c) => c.name);
  const copyDay = dayBefore('z.date', 'd.k');
  const copied = columns.map((c) =>
    c === 'id' ? `${copyDay} || ':sudoku:easy'` : c === 'date' ? copyDay : `z.${c}`,
  );
  const today = `'${from.slice(0, 10)}'`;
  const viewer = playerIdSql('8000', 'v.i');
  return `with recursive d(k) as (select 1 union all select k + 1 from d where k < ${days})
     insert into puzzles (${columns.join(', ')}) select ${copied.join(', ')} from d join puzzles z on z.id = '${from}';
     with recursive d(k) as (select 1 union all select k + 1 from d where k < ${days}),
       v(i) as (select ${first} union all select i + 1 from v where i < ${last})
     insert into submissions (${SOLVE_COLUMNS})
     select z.id, z.date, z.kind, z.level, ${viewer}, z.date || 'T12:00:00.000Z', 1, 1, 240000, 240000, 0,
            z.benchmark_seconds, 0.6, 1600, 60, 1600, 60, 'clean', 1, 1, z.date, 1500, 80, 1, 1
     from d cross join v join puzzles z on z.id = ${dayBefore(today, 'd.k')} || ':sudoku:easy';
     with recursive v(i) as (select ${first} union all select i + 1 from v where i < ${last})
     insert into player_ratings (player_id, kind, rating, deviation, volatility, games, rated_through, version,
       established, updated_at)
     select ${viewer}, 'sudoku', 1600, 60, 0.06, ${days},
            (select max(s.id) from submissions s where s.player_id = ${viewer} and s.kind = 'sudoku'), ${days}, 1,
            ${today} || 'T00:00:00.000Z'
     from v`;
}

/** A counted time spread over 1 to 30 minutes by `i`, as SQL. */
const PRIOR_TIME = (i: string) => `(60000 + (${i} * 2654435761) % 1740000)`;

/** Clean ranked solves of `puzzleId` by the players `player(n.i)` for n.i in [from, to], timed by `time`. */
function solvesSql(puzzleId: string, from: number, to: number, player: string, time: string): string {
  return `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to})
     insert into submissions (${SOLVE_COLUMNS})
     select z.id, z.date, z.kind, z.level, ${player},
            z.date || 'T00:00:00.000Z', 1, 1, ${time}, ${time}, 0, z.benchmark_seconds,
            1.0 / (1 + (${time} / (z.benchmark_seconds * 1000.0)) * (${time} / (z.benchmark_seconds * 1000.0))),
            1500, 350, 1510, 340, 'clean', 1, 0, z.date, 1500, 350, 0, 1
     from n join puzzles z on z.id = '${puzzleId}'`;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Seeds `state` for the Worker of `config`: the players holding a token, each with a session of every
 * puzzle, and `priorSolvers` other players' clean ranked solves of the hot puzzle with the puzzle's rating
 * settled as a live database has it (rated_through, games, version).
 */
export async function seedDay(config: string, state: string, s: DaySeed): Promise<Seeded> {
  const mostPrior = Math.max(s.priorSolvers, ...Object.values(s.morePrior ?? {}));
  await applyMigrations(config, 'DB', state);
  await executeSql(
    config,
    'DB',
    state,
    `${benchPlayersSql(s.players + (s.viewers ?? 0), s.tokenId)};
     with recursive n(i) as (select 0 union all select i + 1 from n where i < ${mostPrior - 1})
     insert into players (id, display_name, created_at)
     select ${playerIdSql('9000', 'i')}, 'Solver ' || i, '2026-01-01T00:00:00.000Z' from n`,
  );
  const service = await serveWorker(config, state);
  let date: string;
  let puzzleCount: number;
  let puzzles: LoadPuzzle[];
  try {
    const day = await getJson<{ date: string; puzzles: unknown[] }>(`${service.url}/v1/puzzles/today`);
    date = day.date;
    puzzleCount = day.puzzles.length;
    puzzles = [];
    for (const level of ['easy', 'medium', ...(s.more ?? [])]) {
      const path = `/v1/puzzles/${day.date}/sudoku/${level}`;
      const got = await getJson<{ id: string; puzzle: unknown }>(service.url + path);
      puzzles.push({ id: got.id, path, puzzle: got.puzzle });
    }
  } finally {
    // Sessions and solves are written while the Worker is stopped, as no statement may write beside it.
    await service.stop();
  }
  const [fresh, hot, ...more] = puzzles;
  if (!fresh || !hot) throw new Error('the day has no easy or medium sudoku');
  const ids = puzzles.map((p) => `'${p.id}'`).join(', ');
  const prior = [
    { id: hot.id, n: s.priorSolvers },
    ...(s.more ?? []).flatMap((level, i) => {
      const n = s.morePrior?.[level];
      const puzzle = more[i];
      return n && puzzle ? [{ id: puzzle.id, n }] : [];
    }),
  ];
  const viewers = s.viewers ?? 0;
  const statements = prior.flatMap(({ id, n }) => [
    solvesSql(id, 0, n - 1, playerIdSql('9000', 'n.i'), PRIOR_TIME('n.i')),
    ...(viewers > 0
      ? [
          solvesSql(
            id,
            s.players + 1,
            s.players + viewers,
            playerIdSql('8000', 'n.i'),
            `(930000 + n.i % 1000)`,
          ),
        ]
      : []),
    `update puzzles set (rated_through, rating_version, games) = (
       select coalesce(max(s.id), 0), count(*), count(*) from submissions s
       where s.puzzle_id = puzzles.id and s.counted = 1)
     where id = '${id}'`,
  ]);
  await executeSql(
    config,
    'DB',
    state,
    `insert into play_sessions (player_id, puzzle_id, started_at, time_zone)
     select p.id, z.id, ${Date.now() - s.sessionAgeMs}, null
     from players p join puzzles z on z.id in (${ids}) where p.id like '%-8000-%';
     ${statements.join(';\n')}`,
  );
  if (viewers > 0 && s.history) {
    await executeSql(
      config,
      'DB',
      state,
      historySql(fresh.id, s.history, s.players + 1, s.players + viewers),
    );
  }
  return { date, puzzleCount, fresh, hot, more };
}
