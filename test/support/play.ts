import { env } from 'cloudflare:test';
import type { Level } from '../../src/engines/types.js';
import { engineFor, type Kind } from '../../src/kinds/index.js';
import type { SubmissionResult } from '../../src/play/submit.js';
import { appAt } from './app.js';

export interface NewPlayer {
  player: { id: string; displayName: string | null };
  token: string;
}

/** A random client address, so the per-address rate limits count each simulated player on its own. */
export function someAddress(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 256);
  return { 'CF-Connecting-IP': `10.${byte()}.${byte()}.${byte()}` };
}

export async function register(at: string, displayName?: string): Promise<NewPlayer> {
  const res = await appAt(at)('/v1/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify(displayName === undefined ? {} : { displayName }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as NewPlayer;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Fetches a puzzle as the player at `at` and returns its start token. */
export async function startPuzzle(
  at: string,
  token: string,
  date: string,
  kind: Kind,
  level: Level,
): Promise<string> {
  const res = await appAt(at)(`/v1/puzzles/${date}/${kind}/${level}`, { headers: bearer(token) });
  if (res.status !== 200) throw new Error(`fetch failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { startToken?: string };
  if (!body.startToken) throw new Error('no start token');
  return body.startToken;
}

/** A valid solution found by the engine's own solver from the stored puzzle (not from the stored answer). */
export async function solveStored(date: string, kind: Kind, level: Level): Promise<unknown> {
  const row = await env.DB.prepare('select puzzle_json from puzzles where id = ?')
    .bind(`${date}:${kind}:${level}`)
    .first<{ puzzle_json: string }>();
  if (!row) throw new Error('puzzle not stored');
  const engine = engineFor(kind);
  const solved = engine.solve(engine.parsePuzzle(JSON.parse(row.puzzle_json)), { maxSolutions: 1 });
  return solved.solutions[0];
}

export async function submit(
  at: string,
  token: string,
  path: string,
  body: { solution: unknown; elapsedMs: number; startToken: string },
): Promise<Response> {
  return appAt(at)(`/v1/puzzles/${path}/submissions`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify(body),
  });
}

/** The JSON of a submission's verdict, as the API sends it. */
export type ResultJson = SubmissionResult;
