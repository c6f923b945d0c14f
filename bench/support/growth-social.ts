/**
 * Players as people for the growth bench (bench/support/growth-worker.ts): groups, follows and board
 * visibility seeded with SQL inside SQLite over the bench's 10,000 players, a daily player with a year of
 * history, and the social routes timed against them.
 */

/** Groups of GROUP_SIZE members each: every player belongs to exactly GROUPS · GROUP_SIZE / players of them. */
export const GROUPS = 1000;
export const GROUP_SIZE = 50;
/** Multiplier of the member permutation: prime to 10,000, so 50 consecutive slots are 50 distinct players. */
const MEMBER_STRIDE = 7919;
/** One player in HEAVY_EVERY follows MAX_FOLLOWS players (its neighbours by index); the rest 10-50, skewed. */
const HEAVY_EVERY = 200;
const MAX_FOLLOWS = 500;

/** A group id is UUID-shaped, as `?scope=group:<id>` takes it; the group's index in the last part. */
export const groupId = (g: number) => `00000000-0000-4000-b000-${String(g).padStart(12, '0')}`;
const GROUP_ID_SQL = (expr: string) => `printf('00000000-0000-4000-b000-%012d', ${expr})`;

/** The member of group `g` in slot `k` (0 ≤ k < GROUP_SIZE), by its bench index. */
export const memberOf = (g: number, k: number, players: number) =>
  ((g * GROUP_SIZE + k) * MEMBER_STRIDE) % players;

/** How many players the bench player of index `f` follows (before duplicates of popular players drop out). */
const FOLLOWS_SQL = (f: string) =>
  `case when ${f} % ${HEAVY_EVERY} = 7 then ${MAX_FOLLOWS} else 10 + (${f} * 37) % 41 end`;

/** A bench player that follows MAX_FOLLOWS others, and one that follows a typical 30 or so (39 drawn). */
export const HEAVY_FOLLOWER = 7;
export const TYPICAL_FOLLOWER = 3;

/**
 * Statements that seed the social graph of the bench players (their ids from `playerIdSql`, index `i`):
 * - GROUPS groups of GROUP_SIZE members, each player in GROUPS · GROUP_SIZE / players of them (5 of 10,000),
 *   owned by the member of slot 0;
 * - follows: one player in HEAVY_EVERY follows its MAX_FOLLOWS next players; the others 10 to 50 players drawn
 *   with a skew towards popular ones (index ∝ u², so the first 1 % of players get a tenth of the follows),
 *   never themselves, duplicates dropped;
 * - board visibility: 85 % public, 12 % followers, 3 % hidden, spread by a hash of the player's row.
 * Run once, before any other player exists.
 */
export function socialSeedSql(players: number, playerIdSql: (expr: string) => string): string[] {
  const at = "'2026-01-01T00:00:00.000Z'";
  const u = `(((f.i * 7919 + j.i * 104729 + 12345) % 1000003) / 1000003.0)`;
  const drawn = `cast(${players} * ${u} * ${u} as integer)`;
  return [
    `with recursive g(i) as (select 0 union all select i + 1 from g where i + 1 < ${GROUPS})
     insert or ignore into groups (id, name, owner_id, invite_code, created_at)
     select ${GROUP_ID_SQL('i')}, 'Club ' || i, ${playerIdSql(`(i * ${GROUP_SIZE} * ${MEMBER_STRIDE}) % ${players}`)},
            'BENCH' || i, ${at} from g`,
    `with recursive s(i) as (select 0 union all select i + 1 from s where i + 1 < ${GROUPS * GROUP_SIZE})
     insert or ignore into group_members (group_id, player_id, joined_at)
     select ${GROUP_ID_SQL(`i / ${GROUP_SIZE}`)}, ${playerIdSql(`(i * ${MEMBER_STRIDE}) % ${players}`)}, ${at} from s`,
    `with recursive f(i) as (select 0 union all select i + 1 from f where i + 1 < ${players}),
       j(i) as (select 0 union all select i + 1 from j where i + 1 < ${MAX_FOLLOWS})
     insert or ignore into follows (follower_id, followee_id, created_at)
     select ${playerIdSql('e.i')}, ${playerIdSql('e.t')}, ${at} from (
       select f.i, case when f.i % ${HEAVY_EVERY} = 7 then (f.i + 1 + j.i) % ${players}
                        when ${drawn} = f.i then (f.i + 1) % ${players} else ${drawn} end as t
       from f, j where j.i < ${FOLLOWS_SQL('f.i')}) as e`,
    `update players set board_visibility = case
       when (rowid * 2654435761) % 100 < 3 then 'hidden'
       when (rowid * 2654435761) % 100 < 15 then 'followers' else 'public' end`,
  ];
}

/**
 * A daily player's year, bound to ?1 (its id) and ?2 (how many puzzles): a counted solve of each of the
 * first ?2 puzzles in the bench order (sudoku easy of each date, newest first, then further kinds), after a
 * wrong attempt on every fourth, stored
 * oldest first so that the newest submission is today's hot puzzle. Its times (5-20 min) rank it about a
 * third down each board. Ranked but not established: it teaches calibration nothing. Runs once per
 * database: a player with submissions is left as it is.
 */
export function dailyPlayerSql(): string {
  const ms = '(300000 + (o.p * 7919) % 900000)';
  return `insert or ignore into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid,
      ranked, reason, elapsed_ms, counted_ms, benchmark_seconds, score, rating_before, deviation_before,
      rating_after, deviation_after, status, counted, established, streak_date, opponent_rating,
      opponent_deviation, puzzle_weight, player_weight)
    select o.id, o.date, o.kind, o.level, ?1, o.date || case when a.solve then 'T13:00:00.000Z' else 'T12:55:00.000Z' end,
           a.solve, a.solve, case when a.solve then null else 'bench: wrong' end, ${ms},
           case when a.solve then ${ms} end, o.bench,
           case when a.solve then 1.0 / (1 + (${ms} / (o.bench * 1000.0)) * (${ms} / (o.bench * 1000.0))) end,
           1500, 200, case when a.solve then 1500 + o.p % 50 end, 199, case when a.solve then 'clean' end,
           a.solve, 0, case when a.solve then o.date end, case when a.solve then 1500 end,
           case when a.solve then 300 end, case when a.solve then 0 end, case when a.solve then 1 end
    from bench_order o, (select 0 as solve union all select 1) a
    where o.p < ?2 and (a.solve = 1 or o.p % 4 = 0)
      and not exists (select 1 from submissions s where s.player_id = ?1)
    order by o.p desc, a.solve`;
}
