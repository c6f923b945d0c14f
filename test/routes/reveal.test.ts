import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { engineFor } from '../../src/kinds/index.js';
import { appAt, type ErrorJson } from '../support/app.js';
import { bearer, register } from '../support/play.js';

const date = '2026-11-29';
const api = appAt('2026-11-29T12:00:00Z');

interface Position {
  tubes: (number | null)[][];
  hidden: number;
  sorted: boolean;
  cleared: boolean;
  moves: number;
}

async function revealAfter(moves: unknown): Promise<Response> {
  return api(`/v1/puzzles/${date}/colorsort/easy/reveal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ moves }),
  });
}

async function shortestSolution(): Promise<[number, number][]> {
  await api(`/v1/puzzles/${date}/colorsort/easy`);
  const row = await env.DB.prepare(
    "select puzzle_json from puzzles where id = '2026-11-29:colorsort:easy'",
  ).first<{
    puzzle_json: string;
  }>();
  const engine = engineFor('colorsort');
  const solved = engine.solve(engine.parsePuzzle(JSON.parse(row?.puzzle_json ?? 'null')), {
    maxSolutions: 1,
  });
  return (solved.solutions[0] as { moves: [number, number][] }).moves;
}

describe('the colour-sort reveal route', () => {
  it('shows the public position before any move', async () => {
    const puzzle = (await (await api(`/v1/puzzles/${date}/colorsort/easy`)).json()) as {
      puzzle: { tubes: unknown };
    };
    const position = (await (await revealAfter([])).json()) as Position;
    expect(position.tubes).toEqual(puzzle.puzzle.tubes);
    expect(position.hidden).toBe(position.tubes.flat().filter((u) => u === null).length);
  });

  it('reveals units as moves expose them, and only those', async () => {
    const moves = await shortestSolution();
    let previousHidden = Number.POSITIVE_INFINITY;
    for (let k = 0; k <= moves.length; k++) {
      const position = (await (await revealAfter(moves.slice(0, k))).json()) as Position;
      expect(position.moves).toBe(k);
      expect(position.hidden).toBe(position.tubes.flat().filter((u) => u === null).length);
      expect(position.hidden).toBeLessThanOrEqual(previousHidden);
      previousHidden = position.hidden;
    }
    const end = (await (await revealAfter(moves)).json()) as Position;
    expect(end).toMatchObject({ hidden: 0, sorted: true, cleared: true });
  });

  it('refuses an illegal move with 422 and its index', async () => {
    const moves = await shortestSolution();
    const [first] = moves;
    const backwards: [number, number][] = first ? [first, [first[1], first[1]]] : [[0, 0]];
    const res = await revealAfter(backwards);
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorJson & { error: { details?: { index?: number } } };
    expect(body.error.code).toBe('illegal_move');
    expect(body.error.details?.index).toBe(1);
  });

  it('refuses malformed move lists and levels colour sort lacks', async () => {
    expect((await revealAfter('nope')).status).toBe(400);
    expect((await revealAfter([[0]])).status).toBe(400);
    const res = await api(`/v1/puzzles/${date}/colorsort/expert/reveal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"moves":[]}',
    });
    expect(res.status).toBe(400);
  });
});

describe('the reveal route and the clock', () => {
  it("starts a player's session when the player reveals before fetching the puzzle", async () => {
    const { player, token } = await register('2026-11-29T12:00:00Z');
    const res = await api(`/v1/puzzles/${date}/colorsort/easy/reveal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ moves: [] }),
    });
    expect(res.status).toBe(200);
    const session = await env.DB.prepare('select started_at from play_sessions where player_id = ?')
      .bind(player.id)
      .first<{ started_at: number }>();
    expect(session?.started_at).toBe(Date.parse('2026-11-29T12:00:00Z'));
    const view = (await (
      await api(`/v1/puzzles/${date}/colorsort/easy`, { headers: bearer(token) })
    ).json()) as {
      session: { startedAt: string };
    };
    expect(view.session.startedAt).toBe('2026-11-29T12:00:00.000Z');
  });

  it('never tells how long a run is in an illegal move’s message: its lower units may be hidden', async () => {
    const moves = await shortestSolution();
    const messages: string[] = [];
    for (let from = 0; from < 7; from++) {
      for (let to = 0; to < 7; to++) {
        const res = await revealAfter([...moves.slice(0, 3), [from, to]]);
        if (res.status === 422) messages.push(((await res.json()) as ErrorJson).error.message);
      }
    }
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(/\d+ unit|run is \d|room for \d/);
  });
});
