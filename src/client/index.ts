/**
 * `daily-puzzles/client`: a small typed client of the daily-puzzles API for browsers (and any runtime
 * with fetch). Its types are inferred from the zod schemas the server validates and documents with
 * (src/contract); it imports nothing at run time.
 */

export type {
  AccountPlayer,
  OperatorPlayerRequest,
  SessionRequest,
} from '../contract/accounts.js';
export type {
  AuditPage,
  Ban,
  Calibration,
  ClearedSuspect,
  Flag,
  FlagsPage,
  GenerationResult,
  GenerationRuns,
  ModerationResult,
  ResolvedReport,
  StoredSubmission,
  Suspects,
} from '../contract/admin.js';
export type { Analytics } from '../contract/analytics.js';
export type { TestClock } from '../contract/clock.js';
export type { LinkCode, PlayerTokens, ReadToken, TokenScope } from '../contract/devices.js';
export type { ErrorBody } from '../contract/error.js';
export type { HeldTop, LinesView, TopEvidence, Vouched } from '../contract/fair-play-admin.js';
export type {
  Felt,
  LevelFeedback,
  PuzzleFeedback,
  PuzzleVotes,
  Report,
  ReportReason,
  ReportRequest,
  ReportsPage,
  Vote,
  VoteRequest,
} from '../contract/feedback.js';
export type { Follow, FollowsPage } from '../contract/follows.js';
export type {
  Group,
  GroupDetail,
  InviteCode,
  JoinedGroup,
  NewGroup,
  PlayerGroups,
} from '../contract/groups.js';
export type { Health } from '../contract/health.js';
export type { HintAnswer, HintOptions } from '../contract/hint.js';
export type { History, PlayerStats } from '../contract/history.js';
export type { KindList } from '../contract/kind-info.js';
export type { ColorSortPosition } from '../contract/kinds/colorsort.js';
export type {
  HintPositions,
  Kind,
  Level,
  LevelOf,
  PositionOf,
  PublicPuzzleOf,
  SolutionOf,
} from '../contract/kinds/index.js';
export type {
  BoardScope,
  DailyBoard,
  PuzzleBoard,
  PuzzleStats,
  RatingBoard,
} from '../contract/leaderboards.js';
export type {
  CreatedModerator,
  ModeratorRole,
  Moderators,
  ModeratorView,
  NewModerator,
  WhoAmI,
} from '../contract/moderators.js';
export type { NewPlayer, PlayerChanges, PlayerProfile, PublicProfile } from '../contract/player.js';
export type { PlayerEvidence } from '../contract/player-evidence.js';
export type {
  PushKey,
  PushSubscriptionJson,
  PushSubscriptionView,
  ReminderPayload,
} from '../contract/push.js';
export type { Answer, DayPuzzles, PlayablePuzzle, Puzzle } from '../contract/puzzle.js';
export type { ReviewItem, ReviewQueue } from '../contract/review-queue.js';
export type { Share, ShareCard, ShareRequest, Shares } from '../contract/shares.js';
export type { Streak } from '../contract/streak.js';
export type { LogEntry, SubmissionRequest, SubmissionResult } from '../contract/submission.js';
export type { Rerolled, Upcoming, UpcomingPuzzle } from '../contract/upcoming.js';
export type {
  CreatedWebhook,
  NewWebhook,
  QueuedDelivery,
  Webhook,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEventType,
  Webhooks,
} from '../contract/webhooks.js';
export { ApiError } from './api-error.js';
export { BOOKMARK_HEADER, newerBookmark } from './bookmark.js';
export { type AdminClient, createAdminClient } from './create-admin-client.js';
export {
  type BoardQuery,
  type Client,
  type ClientOptions,
  createClient,
  type Fresh,
  type Idempotent,
  type PageQuery,
  type PlayablePuzzleOf,
  type SubmissionOf,
} from './create-client.js';
export { createOperatorClient, type OperatorClient } from './create-operator-client.js';
