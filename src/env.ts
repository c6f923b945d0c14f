/** The Worker's bindings and variables, as wrangler.toml and secrets provide them. */
export interface Env {
  DB: D1Database;
  /** Secret mixed into every puzzle seed so nobody can precompute tomorrow. */
  PUZZLE_SALT?: string;
  /** Secret for player bearer tokens and start tokens (HMAC-SHA256). */
  TOKEN_SECRET?: string;
  /** Bearer token for the admin routes. */
  ADMIN_TOKEN?: string;
  /** First date of the archive (YYYY-MM-DD); earlier dates answer 404. */
  FIRST_DAY?: string;
  /** How many days ahead of today (UTC) each cron run prepares. */
  DAYS_AHEAD?: string;
  /** "development" allows the built-in dev secrets; anything else refuses them. */
  ENVIRONMENT?: string;
  /** "true" logs every request as a JSON line (failed ones are always logged). */
  ACCESS_LOG?: string;
  /** Comma-separated origins allowed by CORS (`*` for any); none when unset. */
  CORS_ORIGINS?: string;
  /** Workers Rate Limiting bindings (src/http/rate-limit.ts falls back to in-memory counters without them). */
  PLAYER_CREATION_LIMITER?: RateLimit;
  SUBMISSION_PLAYER_LIMITER?: RateLimit;
  SUBMISSION_IP_LIMITER?: RateLimit;
}
