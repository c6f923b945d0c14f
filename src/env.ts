/** The Workers Rate Limiting bindings of wrangler.toml's [[ratelimits]] (src/http/rate-limit.ts names their rules). */
export type RateLimitBinding =
  | 'PLAYER_CREATION_LIMITER'
  | 'PLAYER_CREATION_NETWORK_LIMITER'
  | 'PUZZLE_START_PLAYER_LIMITER'
  | 'PUZZLE_START_IP_LIMITER'
  | 'PUZZLE_START_NETWORK_LIMITER'
  | 'REVEAL_PLAYER_LIMITER'
  | 'REVEAL_IP_LIMITER'
  | 'REVEAL_NETWORK_LIMITER'
  | 'HINT_IP_LIMITER'
  | 'HINT_NETWORK_LIMITER'
  | 'SUBMISSION_PLAYER_LIMITER'
  | 'SUBMISSION_IP_LIMITER'
  | 'SUBMISSION_NETWORK_LIMITER'
  | 'RENAME_PLAYER_LIMITER'
  | 'RENAME_IP_LIMITER'
  | 'RENAME_NETWORK_LIMITER'
  | 'LINK_CODE_CREATION_PLAYER_LIMITER'
  | 'LINK_CODE_CREATION_IP_LIMITER'
  | 'LINK_CODE_CREATION_NETWORK_LIMITER'
  | 'LINK_CODE_REDEMPTION_IP_LIMITER'
  | 'LINK_CODE_REDEMPTION_NETWORK_LIMITER'
  | 'GROUP_JOIN_PLAYER_LIMITER'
  | 'GROUP_JOIN_IP_LIMITER'
  | 'GROUP_JOIN_NETWORK_LIMITER'
  | 'FOLLOW_PLAYER_LIMITER'
  | 'FOLLOW_IP_LIMITER'
  | 'FOLLOW_NETWORK_LIMITER'
  | 'FEEDBACK_PLAYER_LIMITER'
  | 'FEEDBACK_IP_LIMITER'
  | 'FEEDBACK_NETWORK_LIMITER'
  | 'SHARE_PLAYER_LIMITER'
  | 'SHARE_IP_LIMITER'
  | 'SHARE_NETWORK_LIMITER'
  | 'ADMIN_FAILURE_LIMITER'
  | 'ADMIN_FAILURE_NETWORK_LIMITER';

/**
 * The Worker's bindings and variables, as wrangler.toml and secrets provide them. The rate-limit bindings
 * are optional: src/http/rate-limit.ts falls back to in-memory counters without them.
 */
export interface Env extends Partial<Record<RateLimitBinding, RateLimit>> {
  DB: D1Database;
  /**
   * One `PuzzleDesk` per live puzzle (src/live): the writer of its ranked solves. Typed without its class:
   * naming it would make this file, which nearly everything imports, import the Durable Object and all it
   * imports, in a circle back to here. `puzzleDesks` (src/live/puzzle-desk.ts) names it.
   */
  PUZZLE_DESK?: DurableObjectNamespace;
  /**
   * The webhook queue (wrangler.toml's producer and consumer, `webhook-deliveries`): events to fan out to
   * their endpoints and deliveries to try. Typed by its messages in src/services.ts, as PUZZLE_DESK is.
   */
  WEBHOOK_QUEUE?: Queue;
  /** "boards" (as wrangler.toml says) sends ranked submissions through the live boards; anything else straight to D1. */
  SUBMISSION_PATH?: string;
  /** Secret mixed into every puzzle seed so nobody can precompute tomorrow. */
  PUZZLE_SALT?: string;
  /** Secret for player bearer tokens and start tokens (HMAC-SHA256). */
  TOKEN_SECRET?: string;
  /** During a key rotation: the secret TOKEN_SECRET replaced, still accepted for verifying tokens. */
  TOKEN_SECRET_PREVIOUS?: string;
  /** Bearer token for the admin routes. */
  ADMIN_TOKEN?: string;
  /**
   * Operator API keys for PUT /v1/operator/players/{externalId}: `name:key,name:key` (several during a
   * rotation); each key is checked like the other secrets.
   */
  OPERATOR_KEYS?: string;
  /** The `iss` an id token must carry (POST /v1/players/session). */
  JWT_ISSUER?: string;
  /** The `aud` an id token must carry. */
  JWT_AUDIENCE?: string;
  /** The identity provider's JWKS (https): RS256 and ES256 id tokens are checked against its keys. */
  JWT_JWKS_URL?: string;
  /** A secret shared with the identity provider: HS256 id tokens are checked with it. */
  JWT_SECRET?: string;
  /** The VAPID key pair that signs streak reminders (base64url: the 65-byte public point, the 32-byte private scalar). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** Where push services can reach the operator: `mailto:` or `https:`. */
  VAPID_SUBJECT?: string;
  /**
   * Push services a subscription may name, as comma-separated host suffixes (`*`: any). Unset: the browsers'
   * own services in a deployment, any host in development.
   */
  PUSH_SERVICE_HOSTS?: string;
  /** First date of the archive (YYYY-MM-DD); earlier dates answer 404. */
  FIRST_DAY?: string;
  /** How many days ahead of today (UTC) each cron run prepares. */
  DAYS_AHEAD?: string;
  /** K, the live board shards each new puzzle is made with (1 when unset); puzzles made before keep theirs. */
  BOARD_SHARDS?: string;
  /** "development" allows the built-in dev secrets; anything else (or nothing) is a deployment. */
  ENVIRONMENT?: string;
  /** "true" logs every request as a JSON line (failed ones are always logged). */
  ACCESS_LOG?: string;
  /** Comma-separated origins allowed by CORS (`*` for any); none when unset. */
  CORS_ORIGINS?: string;
}
