import type { AccountPlayer, SessionRequest } from '../contract/accounts.js';
import type { LinkCode, LinkRequest, PlayerTokens, ReadToken } from '../contract/devices.js';
import type { Report, ReportRequest, Vote, VoteRequest } from '../contract/feedback.js';
import type { Follow, FollowsPage } from '../contract/follows.js';
import type { GroupDetail, InviteCode, JoinedGroup, NewGroup, PlayerGroups } from '../contract/groups.js';
import type { Health } from '../contract/health.js';
import type { HintAnswer, HintOptions } from '../contract/hint.js';
import type { History, PlayerStats } from '../contract/history.js';
import type { KindList } from '../contract/kind-info.js';
import type { ColorSortPosition } from '../contract/kinds/colorsort.js';
import type { Kind, Level, LevelOf, PositionOf, SolutionOf } from '../contract/kinds/index.js';
import type {
  BoardScope,
  DailyBoard,
  PuzzleBoard,
  PuzzleStats,
  RatingBoard,
} from '../contract/leaderboards.js';
import type {
  NewPlayer,
  NewPlayerRequest,
  PlayerChanges,
  PlayerProfile,
  PublicProfile,
} from '../contract/player.js';
import type { PushKey, PushSubscriptionJson, PushSubscriptionView } from '../contract/push.js';
import type { Answer, DayPuzzles, PlayablePuzzle } from '../contract/puzzle.js';
import type { Share, ShareRequest, Shares } from '../contract/shares.js';
import type { SubmissionRequest, SubmissionResult } from '../contract/submission.js';
import { type ClientOptions, caller, type Fresh, type Idempotent, segment } from './call.js';

export type { ClientOptions, Fresh, Idempotent } from './call.js';

/** One page of a list: the `nextCursor` of the previous page, and how many rows (1–100, default 20). */
export interface PageQuery {
  cursor?: string;
  limit?: number;
}

/** A board's page and whose rows it ranks (`following` and `group:<id>` need a player token). */
export interface BoardQuery extends PageQuery, Fresh {
  scope?: BoardScope;
}

/** A submission of the kind `K`: its solution in that kind's format, with the move log. */
export type SubmissionOf<K extends Kind> = Omit<SubmissionRequest, 'solution'> & { solution: SolutionOf<K> };

/** A puzzle of the kind `K`, as a fetch of that kind answers. */
export type PlayablePuzzleOf<K extends Kind> = Extract<PlayablePuzzle, { kind: K }>;

/** The API's routes for players, one method each. */
export interface Client {
  /** Whether the service is up and reaches its database, with the engine versions in use (for monitors). */
  health(): Promise<Health>;
  /** The kinds offered, with their levels (easiest first) and move-log formats. */
  kinds(): Promise<KindList>;
  /** Today's puzzles in an IANA time zone (UTC by default). */
  today(query?: { tz?: string }): Promise<DayPuzzles>;
  /** Every puzzle of a playable date. */
  puzzlesOf(date: string): Promise<DayPuzzles>;
  /** One puzzle; with a player token this starts the player's session (its ranked clock). */
  puzzle<K extends Kind>(
    date: string,
    kind: K,
    level: LevelOf<K>,
    query?: { tz?: string },
  ): Promise<PlayablePuzzleOf<K>>;
  /** The answer, once the date has ended everywhere. */
  answer<K extends Kind>(date: string, kind: K, level: LevelOf<K>): Promise<Answer>;
  /**
   * Colour sort: the position after `moves`, with the colours they exposed. Until the date's answers are
   * public it needs the token and the player's session (fetch the `puzzle` first), and records what it shows.
   */
  reveal(
    date: string,
    level: LevelOf<'colorsort'>,
    moves: SolutionOf<'colorsort'>['moves'],
  ): Promise<ColorSortPosition>;
  /**
   * The grader's next step from the player's position, or its first mistake (needs the token and the player's
   * session: fetch the `puzzle` first). Counted in the session: a solve after a hint is practice, so the
   * first hint of a still-ranked solve needs `{ acceptPractice: true }`, the player's consent, else it is
   * refused with `ApiError` code `hint_ends_ranking`.
   */
  hint<K extends Kind>(
    date: string,
    kind: K,
    level: LevelOf<K>,
    position: PositionOf<K>,
    options?: HintOptions,
  ): Promise<HintAnswer>;
  /** Submits a solution of the puzzle's kind with its move log (needs a player token). */
  submit<K extends Kind>(
    date: string,
    kind: K,
    level: LevelOf<K>,
    submission: SubmissionOf<K>,
  ): Promise<SubmissionResult>;
  /** Solvers, median time, time histogram and benchmark of a puzzle. */
  stats<K extends Kind>(date: string, kind: K, level: LevelOf<K>, options?: Fresh): Promise<PuzzleStats>;
  /** After a solve: how much fun the puzzle was and how hard it felt (one vote, changed by voting again). */
  vote<K extends Kind>(date: string, kind: K, level: LevelOf<K>, vote: VoteRequest): Promise<Vote>;
  /** Tells the moderators a started puzzle is broken or mislabelled (a second report replaces the first). */
  report<K extends Kind>(date: string, kind: K, level: LevelOf<K>, report: ReportRequest): Promise<Report>;
  /**
   * A spoiler-free card of the player's solve of a puzzle (`kind` and `level`) or of every puzzle of the date
   * it solved (neither): the chat line and the URLs of its page and image.
   */
  share(request: ShareRequest, options?: Idempotent): Promise<Share>;
  /** The player's shares, newest first. */
  shares(): Promise<Shares>;
  /** Revokes a share: its page and image answer 404 from then on. */
  revokeShare(code: string): Promise<void>;
  /** A puzzle's fastest counted times. */
  leaderboard<K extends Kind>(
    date: string,
    kind: K,
    level: LevelOf<K>,
    query?: BoardQuery,
  ): Promise<PuzzleBoard>;
  /** A kind's top ratings among its established players. */
  ratingLeaderboard(kind: Kind, query?: BoardQuery): Promise<RatingBoard>;
  /** A date's players by the sum of their scores. */
  dailyLeaderboard(date: string, query?: BoardQuery): Promise<DailyBoard>;
  /** Registers an anonymous player: keep its `token`. */
  register(request?: NewPlayerRequest, options?: Idempotent): Promise<NewPlayer>;
  /** The calling player: name, calendar, streak, ratings. */
  me(): Promise<PlayerProfile>;
  /** Changes the display name, time zone or board visibility. */
  updateMe(changes: PlayerChanges): Promise<PlayerProfile>;
  /** Deletes the calling player (its solves stay on boards, anonymously). */
  deleteMe(): Promise<void>;
  /** Everything stored about the calling player. */
  exportMe(): Promise<Record<string, unknown>>;
  /** Another player's public profile, as its visibility allows. */
  player(id: string): Promise<PublicProfile>;
  /** The calling player's submissions, newest first. */
  history(query?: PageQuery & { kind?: Kind; level?: Level }): Promise<History>;
  /** The calling player's counted solves of the last `days` days. */
  myStats(query?: { kind?: Kind; days?: number }): Promise<PlayerStats>;
  /** A single-use code, valid for ten minutes, that gives another device a token of this player. */
  createLinkCode(options?: Idempotent): Promise<LinkCode>;
  /**
   * Signs in with the site's id token (a JWT of its identity provider): the account's player and a new
   * token to use from now on. `mergeAnonymous` carries this client's anonymous player (its token) into a
   * new account, once; that token then stops working.
   */
  signIn(request: SessionRequest): Promise<AccountPlayer>;
  /** Redeems a link code on this device: the same player and a new token. */
  link(code: LinkRequest['code'], options?: Idempotent): Promise<NewPlayer>;
  /**
   * A read-only token of this player (history, stats, boards) for a widget or another site: it writes
   * nothing, is listed with `tokens()` and revoked with `revokeToken(id)`. Needs the full token.
   */
  createReadToken(label?: string, options?: Idempotent): Promise<ReadToken>;
  /** The player's tokens in use, one per device, read tokens included. */
  tokens(): Promise<PlayerTokens>;
  /** Revokes one of the player's tokens. */
  revokeToken(id: string): Promise<void>;
  /** The VAPID public key: the `applicationServerKey` to subscribe a browser with. */
  pushKey(): Promise<PushKey>;
  /** Reminds this device at `hour` (0–23) of the player's calendar while the day's streak is open. */
  subscribePush(subscription: PushSubscriptionJson, hour: number): Promise<PushSubscriptionView>;
  /** Stops the reminders of the subscription at `endpoint`. */
  unsubscribePush(endpoint: string): Promise<void>;
  /** The players the caller follows. */
  follows(query?: PageQuery): Promise<FollowsPage>;
  follow(playerId: string): Promise<Follow>;
  unfollow(playerId: string): Promise<void>;
  /** Makes a group the caller owns; share its invite code. */
  createGroup(name: string, options?: Idempotent): Promise<NewGroup>;
  joinGroup(inviteCode: string): Promise<JoinedGroup>;
  /** The caller's groups, the same on every linked device. */
  myGroups(): Promise<PlayerGroups>;
  group(id: string): Promise<GroupDetail>;
  leaveGroup(id: string): Promise<void>;
  removeMember(id: string, playerId: string): Promise<void>;
  rotateInviteCode(id: string): Promise<InviteCode>;
  deleteGroup(id: string): Promise<void>;
}

/**
 * A client of the daily-puzzles API at `baseUrl` (e.g. `https://puzzles.example.org`, or '' for the
 * page's own origin). Every method resolves with the response's JSON, typed by the API's own schemas, and
 * rejects with an `ApiError` carrying the API's `{error: {code, message}}` for any refusal.
 */
export function createClient(baseUrl: string, options: ClientOptions = {}): Client {
  const call = caller(baseUrl, options);

  const puzzlePath = (date: string, kind: Kind, level: Level) =>
    `/v1/puzzles/${segment(date)}/${segment(kind)}/${segment(level)}`;

  return {
    health: () => call<Health>('/v1/health'),
    kinds: () => call<KindList>('/v1/kinds'),
    today: (query: { tz?: string } = {}) => call<DayPuzzles>('/v1/puzzles/today', { query }),
    puzzlesOf: (date: string) => call<DayPuzzles>(`/v1/puzzles/${segment(date)}`),
    puzzle: <K extends Kind>(date: string, kind: K, level: Level, query: { tz?: string } = {}) =>
      call<PlayablePuzzleOf<K>>(puzzlePath(date, kind, level), { query }),
    answer: (date: string, kind: Kind, level: Level) =>
      call<Answer>(`${puzzlePath(date, kind, level)}/answer`),
    reveal: (date: string, level: Level, moves: SolutionOf<'colorsort'>['moves']) =>
      call<ColorSortPosition>(`${puzzlePath(date, 'colorsort', level)}/reveal`, {
        method: 'POST',
        body: { moves },
      }),
    hint: <K extends Kind>(
      date: string,
      kind: K,
      level: Level,
      position: PositionOf<K>,
      options: HintOptions = {},
    ) =>
      call<HintAnswer>(`${puzzlePath(date, kind, level)}/hint`, {
        method: 'POST',
        body: options.acceptPractice ? { ...position, acceptPractice: true } : position,
      }),
    submit: <K extends Kind>(date: string, kind: K, level: Level, submission: SubmissionOf<K>) =>
      call<SubmissionResult>(`${puzzlePath(date, kind, level)}/submissions`, {
        method: 'POST',
        body: submission,
      }),
    stats: (date: string, kind: Kind, level: Level, { fresh }: Fresh = {}) =>
      call<PuzzleStats>(`${puzzlePath(date, kind, level)}/stats`, { fresh }),
    vote: (date: string, kind: Kind, level: Level, vote: VoteRequest) =>
      call<Vote>(`${puzzlePath(date, kind, level)}/vote`, { method: 'PUT', body: vote }),
    report: (date: string, kind: Kind, level: Level, report: ReportRequest) =>
      call<Report>(`${puzzlePath(date, kind, level)}/report`, { method: 'POST', body: report }),
    share: (request: ShareRequest, options: Idempotent = {}) =>
      call<Share>('/v1/players/me/shares', { method: 'POST', body: request, ...options }),
    shares: () => call<Shares>('/v1/players/me/shares'),
    revokeShare: (code: string) => call<void>(`/v1/players/me/shares/${segment(code)}`, { method: 'DELETE' }),
    leaderboard: (date: string, kind: Kind, level: Level, { fresh, ...query }: BoardQuery = {}) =>
      call<PuzzleBoard>(`/v1/leaderboards/${segment(date)}/${segment(kind)}/${segment(level)}`, {
        query: { ...query },
        fresh,
      }),
    ratingLeaderboard: (kind: Kind, { fresh, ...query }: BoardQuery = {}) =>
      call<RatingBoard>(`/v1/leaderboards/ratings/${segment(kind)}`, { query: { ...query }, fresh }),
    dailyLeaderboard: (date: string, { fresh, ...query }: BoardQuery = {}) =>
      call<DailyBoard>(`/v1/leaderboards/${segment(date)}/daily`, { query: { ...query }, fresh }),

    register: (request: NewPlayerRequest = {}, options: Idempotent = {}) =>
      call<NewPlayer>('/v1/players', { method: 'POST', body: request, ...options }),
    me: () => call<PlayerProfile>('/v1/players/me'),
    updateMe: (changes: PlayerChanges) =>
      call<PlayerProfile>('/v1/players/me', { method: 'PATCH', body: changes }),
    deleteMe: () => call<void>('/v1/players/me', { method: 'DELETE' }),
    exportMe: () => call<Record<string, unknown>>('/v1/players/me/export'),
    player: (id: string) => call<PublicProfile>(`/v1/players/${segment(id)}`),
    history: (query: PageQuery & { kind?: Kind; level?: Level } = {}) =>
      call<History>('/v1/players/me/history', { query: { ...query } }),
    myStats: (query: { kind?: Kind; days?: number } = {}) =>
      call<PlayerStats>('/v1/players/me/stats', { query: { ...query } }),

    createLinkCode: (options: Idempotent = {}) =>
      call<LinkCode>('/v1/players/me/link-codes', { method: 'POST', ...options }),
    signIn: (request: SessionRequest) =>
      call<AccountPlayer>('/v1/players/session', { method: 'POST', body: request }),
    link: (code: LinkRequest['code'], options: Idempotent = {}) =>
      call<NewPlayer>('/v1/players/link', { method: 'POST', body: { code }, ...options }),
    createReadToken: (label?: string, options: Idempotent = {}) =>
      call<ReadToken>('/v1/players/me/tokens', {
        method: 'POST',
        body: label === undefined ? { scope: 'read' } : { scope: 'read', label },
        ...options,
      }),
    tokens: () => call<PlayerTokens>('/v1/players/me/tokens'),
    revokeToken: (id: string) => call<void>(`/v1/players/me/tokens/${segment(id)}`, { method: 'DELETE' }),
    pushKey: () => call<PushKey>('/v1/push/key'),
    subscribePush: (subscription: PushSubscriptionJson, hour: number) =>
      call<PushSubscriptionView>('/v1/players/me/push', { method: 'PUT', body: { subscription, hour } }),
    unsubscribePush: (endpoint: string) =>
      call<void>('/v1/players/me/push', { method: 'DELETE', query: { endpoint } }),

    follows: (query: PageQuery = {}) => call<FollowsPage>('/v1/players/me/follows', { query: { ...query } }),
    follow: (playerId: string) =>
      call<Follow>(`/v1/players/me/follows/${segment(playerId)}`, { method: 'PUT' }),
    unfollow: (playerId: string) =>
      call<void>(`/v1/players/me/follows/${segment(playerId)}`, { method: 'DELETE' }),

    createGroup: (name: string, options: Idempotent = {}) =>
      call<NewGroup>('/v1/groups', { method: 'POST', body: { name }, ...options }),
    joinGroup: (inviteCode: string) =>
      call<JoinedGroup>('/v1/groups/join', { method: 'POST', body: { inviteCode } }),
    myGroups: () => call<PlayerGroups>('/v1/players/me/groups'),
    group: (id: string) => call<GroupDetail>(`/v1/groups/${segment(id)}`),
    leaveGroup: (id: string) => call<void>(`/v1/groups/${segment(id)}/members/me`, { method: 'DELETE' }),
    removeMember: (id: string, playerId: string) =>
      call<void>(`/v1/groups/${segment(id)}/members/${segment(playerId)}`, { method: 'DELETE' }),
    rotateInviteCode: (id: string) =>
      call<InviteCode>(`/v1/groups/${segment(id)}/invite-code`, { method: 'POST' }),
    deleteGroup: (id: string) => call<void>(`/v1/groups/${segment(id)}`, { method: 'DELETE' }),
  };
}
