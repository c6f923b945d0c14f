import { describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/client/index.js';
import { appAt } from '../support/app.js';

/**
 * `daily-puzzles/client` has a method for every operation of the OpenAPI document that a front end calls,
 * so the page and other front ends never need a path of their own. Left out, as the README says: the
 * moderators' routes (ADMIN_TOKEN) and the monitors' health check.
 */

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

interface Documented {
  method: string;
  path: string;
  operationId: string;
  forFrontEnds: boolean;
  /** The path as a pattern: each `{parameter}` one segment. */
  pattern: RegExp;
  /** Segments without a parameter: a router prefers `/players/me` to `/players/{id}`. */
  literals: number;
}

const NOT_FOR_FRONT_ENDS = (operation: Operation) =>
  operation.operationId === 'getHealth' || (operation.security ?? []).some((scheme) => 'admin' in scheme);

async function documentedOperations(): Promise<Documented[]> {
  const document = (await (await appAt('2026-11-29T12:00:00Z')('/openapi.json')).json()) as Document;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      forFrontEnds: !NOT_FOR_FRONT_ENDS(operation),
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      literals: path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length,
    })),
  );
}

const date = '2026-11-29';
const id = '00000000-0000-4000-8000-000000000000';

/** One call of every method; a method added to the client without a line here does not compile. */
const CALLS: Record<keyof Client, (api: Client) => Promise<unknown>> = {
  kinds: (api) => api.kinds(),
  today: (api) => api.today({ tz: 'Europe/Paris' }),
  puzzlesOf: (api) => api.puzzlesOf(date),
  puzzle: (api) => api.puzzle(date, 'sudoku', 'easy'),
  answer: (api) => api.answer(date, 'loop', 'hard'),
  reveal: (api) => api.reveal(date, 'easy', [[0, 1]]),
  submit: (api) => api.submit(date, 'signal', 'easy', { solution: { grid: '1234' }, log: [] }),
  stats: (api) => api.stats(date, 'pattern', 'medium'),
  vote: (api) => api.vote(date, 'loop', 'easy', { fun: 4, felt: 'right' }),
  report: (api) => api.report(date, 'sudoku', 'expert', { reason: 'other', note: 'a clue' }),
  share: (api) => api.share({ date, kind: 'sudoku', level: 'hard' }),
  shares: (api) => api.shares(),
  revokeShare: (api) => api.revokeShare('q8Hc3Vb1Z9kT0pLr2Ws7Xy'),
  leaderboard: (api) => api.leaderboard(date, 'sudoku', 'hard', { limit: 5 }),
  ratingLeaderboard: (api) => api.ratingLeaderboard('colorsort'),
  dailyLeaderboard: (api) => api.dailyLeaderboard(date),
  register: (api) => api.register(),
  me: (api) => api.me(),
  updateMe: (api) => api.updateMe({ displayName: 'Ada' }),
  deleteMe: (api) => api.deleteMe(),
  exportMe: (api) => api.exportMe(),
  player: (api) => api.player(id),
  history: (api) => api.history(),
  myStats: (api) => api.myStats(),
  createLinkCode: (api) => api.createLinkCode(),
  link: (api) => api.link('ABCDE-FGHJK'),
  tokens: (api) => api.tokens(),
  revokeToken: (api) => api.revokeToken(id),
  follows: (api) => api.follows(),
  follow: (api) => api.follow(id),
  unfollow: (api) => api.unfollow(id),
  createGroup: (api) => api.createGroup('Club'),
  joinGroup: (api) => api.joinGroup('ABCDE-FGHJK'),
  myGroups: (api) => api.myGroups(),
  group: (api) => api.group(id),
  leaveGroup: (api) => api.leaveGroup(id),
  removeMember: (api) => api.removeMember(id, id),
  rotateInviteCode: (api) => api.rotateInviteCode(id),
  deleteGroup: (api) => api.deleteGroup(id),
};

/** What each method sends: its HTTP method and path, recorded instead of sent. */
async function requestsOfEveryMethod(): Promise<{ name: string; method: string; path: string }[]> {
  const sent: { name: string; method: string; path: string }[] = [];
  let name = '';
  const api = createClient('https://puzzles.test', {
    token: 'player-token',
    fetch: (input, init) => {
      sent.push({ name, method: init.method ?? 'GET', path: new URL(input).pathname });
      return Response.json({});
    },
  });
  for (const [method, call] of Object.entries(CALLS)) {
    name = method;
    await call(api);
  }
  return sent;
}

/** The operation a router would give a request: of those whose path matches, the one with most literals. */
function operationOf(operations: Documented[], request: { method: string; path: string }) {
  const matching = operations.filter((op) => op.method === request.method && op.pattern.test(request.path));
  return matching.sort((a, b) => b.literals - a.literals)[0];
}

describe('the client against the OpenAPI document', () => {
  it('has a method for every operation a front end calls', async () => {
    const operations = await documentedOperations();
    const called = new Set((await requestsOfEveryMethod()).map((r) => operationOf(operations, r)));
    const uncovered = operations
      .filter((op) => op.forFrontEnds && !called.has(op))
      .map((op) => `${op.method} ${op.path} (${op.operationId})`);
    expect(uncovered).toEqual([]);
  });

  it('sends every method to an operation the document has', async () => {
    const operations = await documentedOperations();
    const undocumented = (await requestsOfEveryMethod())
      .filter((request) => operationOf(operations, request) === undefined)
      .map((r) => `${r.name}: ${r.method} ${r.path}`);
    expect(undocumented).toEqual([]);
  });

  it('leaves out only the admin operations and the health check', async () => {
    const operations = await documentedOperations();
    const left = operations.filter((op) => !op.forFrontEnds).map((op) => op.operationId);
    const admin = operations.filter((op) => op.path.startsWith('/v1/admin/')).map((op) => op.operationId);
    expect(left.sort()).toEqual([...admin, 'getHealth'].sort());
  });
});
