import { env } from 'cloudflare:test';
import type { Level } from '../../src/contract/kinds/index.js';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { engineFor, type Kind } from '../../src/kinds/index.js';
import { appAt } from './app.js';
import { bodyOf } from './json.js';
import { bearer, type NewPlayer, register, solveStored, startPuzzle, submit } from './play.js';

/** Days an established player has played before `firstDay`'s test dates: the standing rule needs three. */
const HISTORY_DAYS = 4;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A player with a clean history in `kind`: every level of the kind solved at a person's pace on each of the
 * four days before `before`, through the API, until the server counts it established (it throws if not).
 * `minutes` sets how long each of those solves took.
 */
export async function establishedPlayer(
  kind: Kind,
  before: string,
  options: { name?: string; minutes?: number } = {},
): Promise<NewPlayer> {
  const first = addDays(before, -HISTORY_DAYS);
  const player = await register(`${first}T08:00:00Z`, options.name);
  const levels = engineFor(kind).levels as readonly Level[];
  for (let day = 0; day < HISTORY_DAYS; day++) {
    const date = addDays(first, day);
    for (const [i, level] of levels.entries()) {
      const start = new Date(Date.parse(`${date}T10:00:00Z`) + i * 3_600_000);
      await startPuzzle(start.toISOString(), player.token, date, kind, level);
      const end = new Date(start.getTime() + (options.minutes ?? 6) * 60_000).toISOString();
      const res = await submit(end, player.token, `${date}/${kind}/${level}`, {
        solution: await solveStored(date, kind, level),
      });
      if (res.status !== 200) throw new Error(`history solve failed: ${res.status} ${await res.text()}`);
    }
  }
  const me = await bodyOf(
    await appAt(`${before}T00:00:00Z`)('/v1/players/me', { headers: bearer(player.token) }),
    PlayerProfileSchema,
  );
  if (me.ratings.find((r) => r.kind === kind)?.provisional !== false) {
    throw new Error(`the player did not become established in ${kind}: ${JSON.stringify(me.ratings)}`);
  }
  return player;
}

/**
 * `count` players written straight into the database as five clean solves of `kind` over three dates before
 * `before` leave them: a counted history, and a rating row that is established (RD 100). Faster than
 * playing the history through the API, for tests that need many established players and look only at
 * what they do next (calibration); tests of ratings themselves use `establishedPlayer`.
 */
export async function seedEstablishedPlayers(
  count: number,
  kind: Kind,
  before: string,
): Promise<NewPlayer[]> {
  const history = [
    [-3, 'easy'],
    [-3, 'medium'],
    [-2, 'easy'],
    [-2, 'medium'],
    [-1, 'easy'],
  ] as const;
  const puzzles = history.map(([days, level]) => ({ date: addDays(before, days), level }));
  for (const { date, level } of puzzles)
    await appAt(`${date}T12:00:00Z`)(`/v1/puzzles/${date}/${kind}/${level}`);
  const players: NewPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const player = await register(`${addDays(before, -4)}T08:00:00Z`);
    const statements = puzzles.map(({ date, level }) =>
      env.DB.prepare(
        `insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked, counted,
           status, established, elapsed_ms, counted_ms, benchmark_seconds, score, rating_before, deviation_before,
           rating_after, deviation_after, opponent_rating, opponent_deviation, puzzle_weight, player_weight)
         values (?, ?, ?, ?, ?, ?, 1, 1, 1, 'clean', 0, 300000, 300000, 300, 0.5, 1500, 150, 1500, 100, 1500, 500, 0, 0.5)`,
      ).bind(`${date}:${kind}:${level}`, date, kind, level, player.player.id, `${date}T12:05:00Z`),
    );
    statements.push(
      env.DB.prepare(
        `insert into player_ratings (player_id, kind, rating, deviation, volatility, games, rated_through, version,
           established, updated_at)
         values (?, ?, 1500, 100, 0.06, 5, (select max(id) from submissions where player_id = ?), 1, 1, ?)`,
      ).bind(player.player.id, kind, player.player.id, `${addDays(before, -1)}T12:05:00Z`),
    );
    await env.DB.batch(statements);
    players.push(player);
  }
  return players;
}
