import type { Level } from '../../src/engines/types.js';
import { engineFor, type Kind } from '../../src/kinds/index.js';
import { appAt } from './app.js';
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
  const me = (await (
    await appAt(`${before}T00:00:00Z`)('/v1/players/me', { headers: bearer(player.token) })
  ).json()) as {
    ratings: { kind: string; provisional: boolean }[];
  };
  if (me.ratings.find((r) => r.kind === kind)?.provisional !== false) {
    throw new Error(`the player did not become established in ${kind}: ${JSON.stringify(me.ratings)}`);
  }
  return player;
}
