import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ColorSortPositionSchema } from '../../src/contract/kinds/colorsort.js';
import { type ColorSortPuzzle, type Move, pourError, replay } from '../../src/engines/colorsort/index.js';
import { engineFor } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, type NewPlayer, register, revealLine, startPuzzle } from '../support/play.js';

const date = '2026-11-29';
const at = '2026-11-29T12:00:00Z';
const path = `${date}/colorsort/easy`;
const puzzleId = `${date}:colorsort:easy`;
/** When the date has ended everywhere (UTC−12) and its answers are public. */
const answersPublic = '2026-11-30T12:00:00.000Z';
const api = appAt(at);

/** A player that has fetched the puzzle at `at`: its session (and clock) runs from then. */
async function playing(): Promise<NewPlayer> {
  const player = await register(at);
  await startPuzzle(at, player.token, date, 'colorsort', 'easy');
  return player;
}

let player: NewPlayer;

beforeAll(async () => {
  player = await playing();
});

function revealAfter(moves: unknown, token: string | null = player.token, when = at): Promise<Response> {
  return revealLine(when, token, path, moves as Move[]);
}

async function storedPuzzle(): Promise<ColorSortPuzzle> {
  const row = await env.DB.prepare('select puzzle_json from puzzles where id = ?')
    .bind(puzzleId)
    .first<{ puzzle_json: string }>();
  return engineFor('colorsort').parsePuzzle(JSON.parse(row?.puzzle_json ?? 'null')) as ColorSortPuzzle;
}

async function shortestSolution(): Promise<Move[]> {
  const engine = engineFor('colorsort');
  const solved = engine.solve(await storedPuzzle(), { maxSolutions: 1 });
  return (solved.solutions[0] as { moves: Move[] }).moves;
}

/** The units the server has recorded as shown to the player's session; undefined without a session. */
async function recorded(playerId: string): Promise<number[] | null | undefined> {
  const row = await env.DB.prepare(
    'select revealed_json from play_sessions where player_id = ? and puzzle_id = ?',
  )
    .bind(playerId, puzzleId)
    .first<{ revealed_json: string | null }>();
  if (!row) return undefined;
  return row.revealed_json === null ? null : (JSON.parse(row.revealed_json) as number[]);
}

function exposedBy(puzzle: ColorSortPuzzle, moves: readonly Move[]): number[] {
  const result = replay(puzzle, moves);
  if (!result.ok) throw new Error(result.reason);
  return result.state.exposed;
}

describe('the colour-sort reveal route', () => {
  it('shows the public position before any move', async () => {
    const puzzle = await clientAt(at).puzzle(date, 'colorsort', 'easy');
    const position = await bodyOf(await revealAfter([]), ColorSortPositionSchema);
    expect(position.tubes).toEqual(puzzle.puzzle.tubes);
    expect(position.hidden).toBe(position.tubes.flat().filter((u) => u === null).length);
  });

  it('reveals units as moves expose them, and only those', async () => {
    const moves = await shortestSolution();
    let previousHidden = Number.POSITIVE_INFINITY;
    for (let k = 0; k <= moves.length; k++) {
      const position = await bodyOf(await revealAfter(moves.slice(0, k)), ColorSortPositionSchema);
      expect(position.moves).toBe(k);
      expect(position.hidden).toBe(position.tubes.flat().filter((u) => u === null).length);
      expect(position.hidden).toBeLessThanOrEqual(previousHidden);
      previousHidden = position.hidden;
    }
    const end = await bodyOf(await revealAfter(moves), ColorSortPositionSchema);
    expect(end).toMatchObject({ hidden: 0, sorted: true, cleared: true });
  });

  it('refuses an illegal move with 422 and its index', async () => {
    const moves = await shortestSolution();
    const [first] = moves;
    const backwards: [number, number][] = first ? [first, [first[1], first[1]]] : [[0, 0]];
    const res = await revealAfter(backwards);
    expect(res.status).toBe(422);
    const body = await errorOf(res);
    expect(body.error.code).toBe('illegal_move');
    expect(body.error.details?.index).toBe(1);
  });

  it('refuses malformed move lists and levels colour sort lacks', async () => {
    expect((await revealAfter('nope')).status).toBe(400);
    expect((await revealAfter([[0]])).status).toBe(400);
    const res = await api(`/v1/puzzles/${date}/colorsort/expert/reveal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(player.token) },
      body: '{"moves":[]}',
    });
    expect(res.status).toBe(400);
  });

  it('never tells how long a run is in an illegal move’s message: its lower units may be hidden', async () => {
    const { token } = await playing();
    const moves = await shortestSolution();
    const messages: string[] = [];
    for (let from = 0; from < 7; from++) {
      for (let to = 0; to < 7; to++) {
        const res = await revealAfter([...moves.slice(0, 3), [from, to]], token);
        if (res.status === 422) messages.push((await errorOf(res)).error.message);
      }
    }
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(/\d+ unit|run is \d|room for \d/);
  });
});

describe('who may reveal', () => {
  it("refuses an anonymous reveal with 401 a millisecond before the date's answers are public", async () => {
    const res = await revealAfter([], null, new Date(Date.parse(answersPublic) - 1).toISOString());
    expect(res.status).toBe(401);
    expect((await errorOf(res)).error).toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('player token'),
    });
  });

  it('refuses an anonymous reveal with 401 while the date is being played', async () => {
    expect((await revealAfter(await shortestSolution(), null)).status).toBe(401);
  });

  it('lets anyone reveal from the moment the answers are public, and a millisecond after', async () => {
    const moves = await shortestSolution();
    const after = new Date(Date.parse(answersPublic) + 1).toISOString();
    for (const when of [answersPublic, after]) {
      const res = await revealAfter(moves, null, when);
      expect(res.status, when).toBe(200);
      expect(await bodyOf(res, ColorSortPositionSchema)).toMatchObject({ hidden: 0, cleared: true });
    }
  });

  it('refuses a player that has not fetched the puzzle with 409 no_session, and starts no clock', async () => {
    const { player: newcomer, token } = await register(at);
    const res = await revealAfter([], token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error).toMatchObject({
      code: 'no_session',
      message: 'Fetch the puzzle with your player token first: that starts its clock',
    });
    expect(await recorded(newcomer.id)).toBeUndefined();
    const fetchedAt = '2026-11-29T12:03:00Z';
    await startPuzzle(fetchedAt, token, date, 'colorsort', 'easy');
    const view = await clientAt(fetchedAt, { token }).puzzle(date, 'colorsort', 'easy');
    expect(view.session?.startedAt).toBe('2026-11-29T12:03:00.000Z');
    expect((await revealAfter([], token)).status).toBe(200);
  });

  it('refuses a player without a session with 409 even for an illegal move list', async () => {
    const { token } = await register(at);
    expect((await revealAfter([[0, 0]], token)).status).toBe(409);
  });
});

describe('what a session is shown', () => {
  it('starts recording with nothing shown', async () => {
    const { player: fresh } = await playing();
    expect(await recorded(fresh.id)).toEqual([]);
  });

  it('records with the session the units each reveal showed, and keeps them after an undo', async () => {
    const { player: someone, token } = await playing();
    const puzzle = await storedPuzzle();
    const moves = await shortestSolution();
    const k = moves.findIndex((_, i) => exposedBy(puzzle, moves.slice(0, i + 1)).length > 0) + 1;
    expect(k).toBeGreaterThan(0);
    expect((await revealAfter(moves.slice(0, k), token)).status).toBe(200);
    const first = exposedBy(puzzle, moves.slice(0, k));
    expect(await recorded(someone.id)).toEqual(first);
    expect((await revealAfter(moves.slice(0, k - 1), token)).status).toBe(200);
    expect(await recorded(someone.id)).toEqual(first);
    expect((await revealAfter(moves, token)).status).toBe(200);
    expect(await recorded(someone.id)).toEqual(exposedBy(puzzle, moves));
  });

  it('adds together what concurrent reveals of one session showed', async () => {
    const { player: someone, token } = await playing();
    const puzzle = await storedPuzzle();
    const lines = (await shortestSolution()).map((_, i, moves) => moves.slice(0, i + 1));
    const statuses = await Promise.all(lines.map(async (line) => (await revealAfter(line, token)).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const union = new Set(lines.flatMap((line) => exposedBy(puzzle, line)));
    expect(await recorded(someone.id)).toEqual([...union].sort((a, b) => a - b));
  });

  it('records nothing for an illegal move list', async () => {
    const { player: someone, token } = await playing();
    const puzzle = await storedPuzzle();
    const moves = await shortestSolution();
    const k = moves.findIndex((_, i) => exposedBy(puzzle, moves.slice(0, i + 1)).length > 0) + 1;
    const res = await revealAfter([...moves.slice(0, k), [0, 0]], token);
    expect(res.status).toBe(422);
    expect(await recorded(someone.id)).toEqual([]);
  });

  it('records nothing once the answers are public', async () => {
    const { player: someone, token } = await playing();
    const res = await revealAfter(await shortestSolution(), token, answersPublic);
    expect(res.status).toBe(200);
    expect(await recorded(someone.id)).toEqual([]);
  });

  it('shows an attacker mapping hidden colours with many lists only what each list exposes, all on its clock', async () => {
    const { player: attacker, token } = await playing();
    const puzzle = await storedPuzzle();
    const hiddenAtStart = exposedBy(puzzle, await shortestSolution());
    // Every legal line of one and two pours from the start: the breadth-first map a script would draw.
    const lines: Move[][] = [];
    const pours = (tubes: number[][]): Move[] =>
      tubes.flatMap((_, from) =>
        tubes
          .map((__, to): Move => [from, to])
          .filter(([f, t]) => pourError(tubes, puzzle.capacity, f, t) === null),
      );
    for (const first of pours(puzzle.tubes)) {
      lines.push([first]);
      const after = replay(puzzle, [first]);
      if (!after.ok) throw new Error(after.reason);
      for (const second of pours(after.state.tubes)) lines.push([first, second]);
    }
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.length).toBeLessThanOrEqual(100);
    const learnt = new Set<number>();
    for (const line of lines) {
      const position = await bodyOf(await revealAfter(line, token), ColorSortPositionSchema);
      const result = replay(puzzle, line);
      if (!result.ok) throw new Error(result.reason);
      // Every colour shown is either visible from the start or exposed by this very line.
      const { tubes, hidden } = result.state;
      expect(position.tubes).toEqual(tubes.map((tube, i) => tube.map((c, k) => (hidden[i]?.[k] ? null : c))));
      expect(position.hidden).toBe(hiddenAtStart.length - result.state.exposed.length);
      // A pour exposes at most two units: the one under the run it takes, the one the run lands on top.
      expect(result.state.exposed.length).toBeLessThanOrEqual(2 * line.length);
      for (const unit of result.state.exposed) learnt.add(unit);
    }
    expect(await recorded(attacker.id)).toEqual([...learnt].sort((a, b) => a - b));
    const session = await env.DB.prepare('select started_at from play_sessions where player_id = ?')
      .bind(attacker.id)
      .first<{ started_at: number }>();
    expect(session?.started_at).toBe(Date.parse(at));
  });
});

describe('which kinds have a reveal route', () => {
  const post = (kind: string, body: string, headers: Record<string, string> = {}) =>
    appAt(answersPublic)(`/v1/puzzles/${date}/${kind}/easy/reveal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('serves exactly the kinds that GET /v1/kinds lists with reveal: true, and 404s the others', async () => {
    const { kinds } = await clientAt(at).kinds();
    for (const { kind, reveal } of kinds) {
      const res = await post(kind, '{"moves":[]}');
      expect(res.status, kind).toBe(reveal ? 200 : 404);
    }
    expect(kinds.filter((k) => k.reveal).map((k) => k.kind)).toEqual(['colorsort']);
  });

  it('refuses a kind that hides nothing with 404 not_found before reading its body or its token', async () => {
    const res = await post('sudoku', 'not json', bearer('not-a-token'));
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error).toEqual({
      code: 'not_found',
      message: 'sudoku hides nothing, so it has no reveal route; the kinds that have one are colorsort',
      docUrl: '/docs/errors#not_found',
    });
  });

  it('refuses a kind the service does not have with 400 invalid_kind, as every puzzle route does', async () => {
    const res = await post('chess', '{"moves":[]}');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_kind');
  });

  it('is documented once, with the kind in the path', async () => {
    const { paths } = await bodyOf(
      await api('/openapi.json'),
      z.object({ paths: z.record(z.string(), z.unknown()) }),
    );
    const reveals = Object.keys(paths).filter((p) => p.endsWith('/reveal'));
    expect(reveals).toEqual(['/v1/puzzles/{date}/{kind}/{level}/reveal']);
  });
});
