import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { DEV_OPERATOR_KEY } from '../../src/config.js';
import { appAt } from '../support/app.js';
import { solveAs, someAddress } from '../support/play.js';

/** A PUT of the operator route at `at`, as the bearer of `key` (the development key unless told). */
export async function putOperatorPlayer(
  at: string,
  externalId: string,
  body?: unknown,
  key: string = DEV_OPERATOR_KEY,
  bindings: Cloudflare.Env = env,
): Promise<Response> {
  return appAt(at, bindings)(`/v1/operator/players/${encodeURIComponent(externalId)}`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...someAddress(),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** POST /v1/players/session at `at` with `body`, as the bearer of `token` when one is given. */
export async function postSession(at: string, body: unknown, token?: string): Promise<Response> {
  return appAt(at)('/v1/players/session', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...someAddress(),
    },
    body: JSON.stringify(body),
  });
}

/** The account rows of an external id, straight from D1. */
export async function accountRows(externalId: string) {
  const { results } = await env.DB.prepare('select * from player_accounts where external_id = ?')
    .bind(externalId)
    .all<{ player_id: string; created_by: string }>();
  return results;
}

/** A clean ranked solve of `date`'s puzzle by the bearer of `token`, fetched at `hour`:00 and sent 20 minutes on. */
export async function solveRanked(
  token: string,
  date: string,
  level: 'easy' | 'medium',
  hour = 9,
): Promise<void> {
  const fetchAt = `${date}T${String(hour).padStart(2, '0')}:00:00Z`;
  const solved = await solveAs(token, {
    date,
    kind: 'sudoku',
    level,
    fetchAt,
    submitAt: `${date}T${String(hour).padStart(2, '0')}:20:00Z`,
  });
  expect(solved.status).toBe(200);
}
