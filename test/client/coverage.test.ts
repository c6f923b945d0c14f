import { describe, expect, it } from 'vitest';
import {
  type AdminClient,
  type Client,
  createAdminClient,
  createClient,
  createOperatorClient,
  type OperatorClient,
} from '../../src/client/index.js';
import { appAt } from '../support/app.js';
import { documentOf, type Operation } from '../support/openapi.js';

/**
 * `daily-puzzles/client` has a method for every operation of the OpenAPI document, so the page, other front
 * ends, the moderators' tools and the monitors never need a path of their own: `createClient` for the
 * players' routes and the health check, `createAdminClient` for the routes of ADMIN_TOKEN,
 * `createOperatorClient` for those of an operator key (a site's own server).
 */

/** Which client calls an operation: the one of its security scheme. */
type ClientKind = 'player' | 'admin' | 'operator';

interface Documented {
  method: string;
  path: string;
  operationId: string;
  /** The client that calls it: admin for ADMIN_TOKEN, operator for an operator key, else the players'. */
  client: ClientKind;
  /** The path as a pattern: each `{parameter}` one segment. */
  pattern: RegExp;
  /** Segments without a parameter: a router prefers `/players/me` to `/players/{id}`. */
  literals: number;
}

const CLIENT_OF = (operation: Operation): ClientKind => {
  const security = operation.security ?? [];
  if (security.some((scheme) => 'admin' in scheme)) return 'admin';
  if (security.some((scheme) => 'operator' in scheme)) return 'operator';
  return 'player';
};

async function documentedOperations(): Promise<Documented[]> {
  const document = await documentOf(await appAt('2026-11-29T12:00:00Z')('/openapi.json'));
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      client: CLIENT_OF(operation),
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      literals: path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length,
    })),
  );
}

const date = '2026-11-29';
const id = '00000000-0000-4000-8000-000000000000';

/** One call of every method; a method added to the client without a line here does not compile. */
const CALLS: Record<keyof Client, (api: Client) => Promise<unknown>> = {
  health: (api) => api.health(),
  kinds: (api) => api.kinds(),
  today: (api) => api.today({ tz: 'Europe/Paris' }),
  puzzlesOf: (api) => api.puzzlesOf(date),
  puzzle: (api) => api.puzzle(date, 'sudoku', 'easy'),
  answer: (api) => api.answer(date, 'loop', 'hard'),
  reveal: (api) => api.reveal(date, 'easy', [[0, 1]]),
  hint: (api) => api.hint(date, 'sudoku', 'easy', { grid: '.'.repeat(81) }),
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
  signIn: (api) => api.signIn({ idToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln', mergeAnonymous: true }),
  link: (api) => api.link('ABCDE-FGHJK'),
  createReadToken: (api) => api.createReadToken('Widget'),
  tokens: (api) => api.tokens(),
  revokeToken: (api) => api.revokeToken(id),
  pushKey: (api) => api.pushKey(),
  subscribePush: (api) =>
    api.subscribePush({ endpoint: 'https://push.test/push/1', keys: { p256dh: 'B', auth: 'A' } }, 19),
  unsubscribePush: (api) => api.unsubscribePush('https://push.test/push/1'),
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

/** One call of every admin method, likewise. */
const ADMIN_CALLS: Record<keyof AdminClient, (api: AdminClient) => Promise<unknown>> = {
  generateDate: (api) => api.generateDate(date),
  calibrate: (api) => api.calibrate(),
  generationRuns: (api) => api.generationRuns({ limit: 5 }),
  testClock: (api) => api.testClock(),
  setTestClock: (api) => api.setTestClock('2026-12-02T12:00:00Z'),
  clearTestClock: (api) => api.clearTestClock(),
  flags: (api) => api.flags(),
  submission: (api) => api.submission(1042),
  approve: (api) => api.approve(1042, 'A steady pace'),
  voidSubmission: (api) => api.voidSubmission(1042, 'A script'),
  ban: (api) => api.ban(id, 'A script'),
  audit: (api) => api.audit(),
  suspects: (api) => api.suspects(),
  clearSuspect: (api) => api.clearSuspect(id, 'Known speed solver'),
  approvePlayer: (api) => api.approvePlayer(id, 'National champion'),
  setLines: (api) => api.setLines('sudoku', 'easy', { floorRatio: 0.05, eliteRatio: null }, 'Verified'),
  heldTopRows: (api) => api.heldTopRows(),
  reviewQueue: (api) => api.reviewQueue(),
  topEvidence: (api) => api.topEvidence(date, 'sudoku', 'easy'),
  playerEvidence: (api) => api.playerEvidence(id),
  reports: (api) => api.reports(),
  resolveReport: (api) => api.resolveReport(7, 'Checked'),
  whoAmI: (api) => api.whoAmI(),
  upcomingPuzzles: (api) => api.upcomingPuzzles(),
  analytics: (api) => api.analytics({ from: '2026-11-01', to: date, kind: 'sudoku' }),
  refreshAnalytics: (api) => api.refreshAnalytics(),
  puzzleFeedback: (api) => api.puzzleFeedback(date, 'sudoku', 'easy'),
  reroll: (api) => api.reroll(date, 'sudoku', 'easy', 'Too easy for its level'),
  moderators: (api) => api.moderators(),
  createModerator: (api) => api.createModerator({ name: 'Grace', role: 'moderator' }),
  revokeModerator: (api) => api.revokeModerator(id, 'Left the team'),
  levelFeedback: (api) => api.levelFeedback(),
  createWebhook: (api) => api.createWebhook({ url: 'https://example.com/hooks', events: ['solve.ranked'] }),
  webhooks: (api) => api.webhooks(),
  webhook: (api) => api.webhook(id),
  deleteWebhook: (api) => api.deleteWebhook(id),
  enableWebhook: (api) => api.enableWebhook(id),
  testWebhook: (api) => api.testWebhook(id),
  webhookDeliveries: (api) => api.webhookDeliveries(id, { limit: 5 }),
  replayWebhookDelivery: (api) => api.replayWebhookDelivery(id, 7),
};

/** One call of every operator method, likewise. */
const OPERATOR_CALLS: Record<keyof OperatorClient, (api: OperatorClient) => Promise<unknown>> = {
  putPlayer: (api) => api.putPlayer('user-8812', { displayName: 'Ada' }),
};

interface Sent {
  name: string;
  method: string;
  path: string;
  /** The client that sent it. */
  client: ClientKind;
}

/** What each method of both clients sends: its HTTP method and path, recorded instead of sent. */
async function requestsOfEveryMethod(): Promise<Sent[]> {
  const sent: Sent[] = [];
  let name = '';
  let client: ClientKind = 'player';
  const options = {
    token: 'a-token',
    fetch: (input: string, init: RequestInit) => {
      sent.push({ name, method: init.method ?? 'GET', path: new URL(input).pathname, client });
      return Response.json({});
    },
  };
  const api = createClient('https://puzzles.test', options);
  for (const [method, call] of Object.entries(CALLS)) {
    name = method;
    await call(api);
  }
  const adminApi = createAdminClient('https://puzzles.test', options);
  client = 'admin';
  for (const [method, call] of Object.entries(ADMIN_CALLS)) {
    name = method;
    await call(adminApi);
  }
  const operatorApi = createOperatorClient('https://puzzles.test', options);
  client = 'operator';
  for (const [method, call] of Object.entries(OPERATOR_CALLS)) {
    name = method;
    await call(operatorApi);
  }
  return sent;
}

/** The operation a router would give a request: of those whose path matches, the one with most literals. */
function operationOf(operations: Documented[], request: { method: string; path: string }) {
  const matching = operations.filter((op) => op.method === request.method && op.pattern.test(request.path));
  return matching.sort((a, b) => b.literals - a.literals)[0];
}

describe('the client against the OpenAPI document', () => {
  it('has a method for every operation, admin, operator and health included', async () => {
    const operations = await documentedOperations();
    const called = new Set((await requestsOfEveryMethod()).map((r) => operationOf(operations, r)));
    const uncovered = operations
      .filter((op) => !called.has(op))
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

  it('calls the admin operations from the admin client only, the operator ones from the operator client only, and every other from the players client', async () => {
    const operations = await documentedOperations();
    const misplaced = (await requestsOfEveryMethod())
      .filter((request) => operationOf(operations, request)?.client !== request.client)
      .map((r) => `${r.name}: ${r.method} ${r.path}`);
    expect(misplaced).toEqual([]);
  });
});
