import type {
  AuditPage,
  Ban,
  Calibration,
  ClearedSuspect,
  FlagsPage,
  GenerationResult,
  GenerationRuns,
  ModerationResult,
  ResolvedReport,
  StoredSubmission,
  Suspects,
} from '../contract/admin.js';
import type { Analytics } from '../contract/analytics.js';
import type { TestClock } from '../contract/clock.js';
import type { HeldTop, LinesView, TopEvidence, Vouched } from '../contract/fair-play-admin.js';
import type { LevelFeedback, PuzzleFeedback, ReportsPage } from '../contract/feedback.js';
import type {
  CreatedModerator,
  Moderators,
  ModeratorView,
  NewModerator,
  WhoAmI,
} from '../contract/moderators.js';
import type { PlayerEvidence } from '../contract/player-evidence.js';
import type { ReviewQueue } from '../contract/review-queue.js';
import type { Rerolled, Upcoming } from '../contract/upcoming.js';
import type {
  CreatedWebhook,
  NewWebhook,
  QueuedDelivery,
  Webhook,
  WebhookDeliveries,
  Webhooks,
} from '../contract/webhooks.js';
import { type ClientOptions, caller, type Idempotent, segment } from './call.js';
import type { PageQuery } from './create-client.js';

/** Why a moderator acts: every moderation action is audited with it (3 to 500 characters). */
type Reason = string;

/**
 * The moderators' and owners' routes, one method each: a named moderator's token or the ADMIN_TOKEN (the
 * first owner). Owner-only methods reject a moderator's token with 403 `forbidden`.
 */
export interface AdminClient {
  /** Who the token is: name and role. */
  whoAmI(): Promise<WhoAmI>;
  /** Owner only: every named moderator and owner, revoked ones too. */
  moderators(): Promise<Moderators>;
  /** Owner only: makes a moderator or owner; its token is in the answer, shown this once. */
  createModerator(request: NewModerator, options?: Idempotent): Promise<CreatedModerator>;
  /** Owner only: revokes a moderator's token. */
  revokeModerator(id: string, reason?: Reason): Promise<ModeratorView>;
  /** The game's numbers by date, kind and level, from the daily aggregates (default: the last 30 days). */
  analytics(query?: { from?: string; to?: string; kind?: string; level?: string }): Promise<Analytics>;
  /** Recomputes the aggregates of the last few dates now (the daily cron does it too). */
  refreshAnalytics(): Promise<{ dates: string[] }>;
  /** The puzzles made for the dates not begun anywhere yet, with grades and pictures (never shown to players). */
  upcomingPuzzles(): Promise<Upcoming>;
  /** Owner only: replaces a puzzle whose date has not begun with the next attempt of its seed (409 once begun). */
  reroll(date: string, kind: string, level: string, reason: Reason): Promise<Rerolled>;
  /** Makes whatever puzzles of a playable date are missing; existing ones are never replaced. */
  generateDate(date: string): Promise<GenerationResult>;
  /** Runs benchmark calibration now (the daily cron runs it too). */
  calibrate(): Promise<Calibration>;
  /** Recent generation runs, newest first (1–200, default 50). */
  generationRuns(query?: { limit?: number }): Promise<GenerationRuns>;
  /** Development only: the service's now, and whether a test clock sets it. */
  testClock(): Promise<TestClock>;
  /** Development only: the service takes `now` (ISO-8601 with a zone) for now, and runs on from there. */
  setTestClock(now: string): Promise<TestClock>;
  /** Development only: back to the real clock. */
  clearTestClock(): Promise<TestClock>;
  /** Pending and flagged solves waiting for a moderator. */
  flags(query?: PageQuery): Promise<FlagsPage>;
  /** One submission as stored. */
  submission(id: number): Promise<StoredSubmission>;
  /** Ranks a pending or flagged solve. */
  approve(id: number, reason: Reason): Promise<ModerationResult>;
  /** Removes a ranked solve. */
  voidSubmission(id: number, reason: Reason): Promise<ModerationResult>;
  /** Bans a player: its tokens are refused and its solves hidden. */
  ban(playerId: string, reason: Reason): Promise<Ban>;
  /** Every admin action, newest first. */
  audit(query?: PageQuery): Promise<AuditPage>;
  /** Players whose pace gives them away. */
  suspects(): Promise<Suspects>;
  /** Takes a player off the suspects list. */
  clearSuspect(playerId: string, reason: Reason): Promise<ClearedSuspect>;
  /** Vouches for a player: its rows may take a board's top places without a long history. */
  approvePlayer(playerId: string, reason: Reason): Promise<Vouched>;
  /** Sets a kind and level's floor and elite line (multiples of the benchmark; null clears one). */
  setLines(
    kind: string,
    level: string,
    lines: { floorRatio: number | null; eliteRatio: number | null },
    reason: Reason,
  ): Promise<LinesView>;
  /** Rows held back from the live puzzles' top 10 places, the highest first. */
  heldTopRows(): Promise<HeldTop>;
  /** Held solves, rows held from a top 10 and suspects in one list, the most public places at stake first. */
  reviewQueue(): Promise<ReviewQueue>;
  /** A puzzle's top 10 places, held rows included, each with its evidence badge. */
  topEvidence(date: string, kind: string, level: string): Promise<TopEvidence>;
  /** One player's history, pace, held solves, networks and devices (counts), record and pace signals. */
  playerEvidence(playerId: string): Promise<PlayerEvidence>;
  /** Players' open reports of puzzles, newest first. */
  reports(query?: PageQuery): Promise<ReportsPage>;
  /** Closes a report, with what was found. */
  resolveReport(id: number, reason: Reason): Promise<ResolvedReport>;
  /** One puzzle's votes (all of them, per fun value and felt difficulty) and every report of it. */
  puzzleFeedback(date: string, kind: string, level: string): Promise<PuzzleFeedback>;
  /** Each level's felt difficulty beside its grader's techniques and its benchmark. */
  levelFeedback(): Promise<LevelFeedback>;
  /** Owner only: registers an endpoint for events; its signing secret is in the answer, shown this once. */
  createWebhook(request: NewWebhook, options?: Idempotent): Promise<CreatedWebhook>;
  /** Every webhook endpoint (never their secrets). */
  webhooks(): Promise<Webhooks>;
  /** One webhook endpoint: whether it is disabled, and why. */
  webhook(id: string): Promise<Webhook>;
  /** Owner only: deletes an endpoint with its deliveries. */
  deleteWebhook(id: string): Promise<void>;
  /** Owner only: enables a disabled endpoint again. */
  enableWebhook(id: string): Promise<Webhook>;
  /** Queues a `webhook.test` event to the endpoint alone. */
  testWebhook(id: string): Promise<QueuedDelivery>;
  /** The endpoint's deliveries, newest first, each with every try. */
  webhookDeliveries(id: string, query?: PageQuery): Promise<WebhookDeliveries>;
  /** Queues one more try of a delivery, its `webhook-id` unchanged. */
  replayWebhookDelivery(id: string, deliveryId: number): Promise<QueuedDelivery>;
}

/**
 * A client of the admin routes of the API at `baseUrl`, sending `options.token` (a moderator's token or
 * the deployment's ADMIN_TOKEN) as its bearer token. It answers and refuses as `createClient` does.
 */
export function createAdminClient(baseUrl: string, options: ClientOptions = {}): AdminClient {
  const call = caller(baseUrl, options);
  const submission = (id: number) => `/v1/admin/submissions/${segment(String(id))}`;
  const player = (id: string) => `/v1/admin/players/${segment(id)}`;
  const withReason = (reason: Reason | undefined) => (reason === undefined ? {} : { reason });
  const moderator = (id: string) => `/v1/admin/moderators/${segment(id)}`;
  const webhook = (id: string) => `/v1/admin/webhooks/${segment(id)}`;
  return {
    whoAmI: () => call<WhoAmI>('/v1/admin/me'),
    analytics: (query = {}) => call<Analytics>('/v1/admin/analytics', { query: { ...query } }),
    refreshAnalytics: () => call<{ dates: string[] }>('/v1/admin/analytics/refresh', { method: 'POST' }),
    upcomingPuzzles: () => call<Upcoming>('/v1/admin/puzzles/upcoming'),
    reroll: (date, kind, level, reason) =>
      call<Rerolled>(`/v1/admin/puzzles/${segment(date)}/${segment(kind)}/${segment(level)}/reroll`, {
        method: 'POST',
        body: { reason },
      }),
    moderators: () => call<Moderators>('/v1/admin/moderators'),
    createModerator: (request, options = {}) =>
      call<CreatedModerator>('/v1/admin/moderators', { method: 'POST', body: request, ...options }),
    revokeModerator: (id, reason) =>
      call<ModeratorView>(moderator(id), { method: 'DELETE', body: withReason(reason) }),
    generateDate: (date) =>
      call<GenerationResult>(`/v1/admin/dates/${segment(date)}/generate`, { method: 'POST' }),
    calibrate: () => call<Calibration>('/v1/admin/calibrate', { method: 'POST' }),
    generationRuns: (query = {}) =>
      call<GenerationRuns>('/v1/admin/generation-runs', { query: { ...query } }),
    testClock: () => call<TestClock>('/v1/admin/clock'),
    setTestClock: (now) => call<TestClock>('/v1/admin/clock', { method: 'PUT', body: { now } }),
    clearTestClock: () => call<TestClock>('/v1/admin/clock', { method: 'DELETE' }),
    flags: (query = {}) => call<FlagsPage>('/v1/admin/flags', { query: { ...query } }),
    submission: (id) => call<StoredSubmission>(submission(id)),
    approve: (id, reason) =>
      call<ModerationResult>(`${submission(id)}/approve`, { method: 'POST', body: { reason } }),
    voidSubmission: (id, reason) =>
      call<ModerationResult>(`${submission(id)}/void`, { method: 'POST', body: { reason } }),
    ban: (playerId, reason) => call<Ban>(`${player(playerId)}/ban`, { method: 'POST', body: { reason } }),
    audit: (query = {}) => call<AuditPage>('/v1/admin/audit', { query: { ...query } }),
    suspects: () => call<Suspects>('/v1/admin/suspects'),
    clearSuspect: (playerId, reason) =>
      call<ClearedSuspect>(`${player(playerId)}/clear`, { method: 'POST', body: { reason } }),
    approvePlayer: (playerId, reason) =>
      call<Vouched>(`${player(playerId)}/approve`, { method: 'POST', body: { reason } }),
    setLines: (kind, level, lines, reason) =>
      call<LinesView>(`/v1/admin/lines/${segment(kind)}/${segment(level)}`, {
        method: 'PUT',
        body: { ...lines, reason },
      }),
    heldTopRows: () => call<HeldTop>('/v1/admin/top-review'),
    reviewQueue: () => call<ReviewQueue>('/v1/admin/review'),
    topEvidence: (date, kind, level) =>
      call<TopEvidence>(`/v1/admin/puzzles/${segment(date)}/${segment(kind)}/${segment(level)}/top`),
    playerEvidence: (playerId) => call<PlayerEvidence>(`${player(playerId)}/evidence`),
    reports: (query = {}) => call<ReportsPage>('/v1/admin/reports', { query: { ...query } }),
    resolveReport: (id, reason) =>
      call<ResolvedReport>(`/v1/admin/reports/${segment(String(id))}/resolve`, {
        method: 'POST',
        body: { reason },
      }),
    puzzleFeedback: (date, kind, level) =>
      call<PuzzleFeedback>(`/v1/admin/puzzles/${segment(date)}/${segment(kind)}/${segment(level)}/feedback`),
    levelFeedback: () => call<LevelFeedback>('/v1/admin/levels/feedback'),
    createWebhook: (request, options = {}) =>
      call<CreatedWebhook>('/v1/admin/webhooks', { method: 'POST', body: request, ...options }),
    webhooks: () => call<Webhooks>('/v1/admin/webhooks'),
    webhook: (id) => call<Webhook>(webhook(id)),
    deleteWebhook: (id) => call<void>(webhook(id), { method: 'DELETE' }),
    enableWebhook: (id) => call<Webhook>(`${webhook(id)}/enable`, { method: 'POST' }),
    testWebhook: (id) => call<QueuedDelivery>(`${webhook(id)}/test`, { method: 'POST' }),
    webhookDeliveries: (id, query = {}) =>
      call<WebhookDeliveries>(`${webhook(id)}/deliveries`, { query: { ...query } }),
    replayWebhookDelivery: (id, deliveryId) =>
      call<QueuedDelivery>(`${webhook(id)}/deliveries/${segment(String(deliveryId))}/replay`, {
        method: 'POST',
      }),
  };
}
