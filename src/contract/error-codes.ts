import { z } from 'zod';

/**
 * Every error code the API answers, with what it means: the one table the `Error` schema's `code` enum,
 * the document's `x-error-codes` and the page `/docs/errors` are made from. The server's refusals are typed
 * by it, so a code without a row here does not compile.
 */
export const ERROR_CODES = {
  // The request's shape
  invalid_request: 'A parameter, header or body field is malformed; `param` names it.',
  invalid_json: 'The body is not JSON.',
  unsupported_media_type: 'A body was sent without `Content-Type: application/json`.',
  bad_request: 'The request could not be read.',
  body_too_large: 'The body is larger than the route allows (16 KB; 64 KB for submissions).',
  invalid_kind: 'Not a puzzle kind of this service (GET /v1/kinds lists them).',
  invalid_level: 'Not a level of that kind (GET /v1/kinds lists them).',
  invalid_date: 'Not a date as YYYY-MM-DD, or a date that does not exist.',
  invalid_time_zone: 'Not an IANA time zone name (e.g. Europe/Paris).',
  invalid_cursor: 'A page cursor that this list did not give out.',
  invalid_range: 'A date range that is reversed or longer than the route allows.',
  invalid_bookmark: 'An `x-d1-bookmark` header that is not a D1 bookmark.',
  invalid_idempotency_key:
    'An `Idempotency-Key` header that is empty, longer than 255 characters or not visible ASCII.',
  invalid_puzzle: 'A puzzle given as input that its kind cannot read.',
  invalid_solution: 'A solution that is malformed, or does not solve the puzzle.',
  push_service_not_allowed:
    'A push subscription whose endpoint is not at a push service this server sends to.',
  webhook_url_not_allowed:
    'A webhook URL that is not https, or names a private, loopback or link-local address or a local host name.',
  // Who calls
  unauthorized:
    'The route needs a valid bearer token: missing, malformed, revoked, or of a player that is gone.',
  insufficient_scope:
    'The token is valid but its scope does not allow this route: a `read` token only reads.',
  forbidden: 'The caller may not do this (e.g. a moderator doing what only an owner may).',
  banned: 'The player is banned.',
  invalid_id_token:
    "The id token (a JWT of the site's identity provider) failed a check: signature, issuer, audience or expiry; the message says which.",
  invalid_anonymous_token: 'The anonymous token to carry into the account is not the token of a player here.',
  anonymous_token_required: 'Carrying an anonymous player into an account needs its token as the bearer.',
  rate_limited: 'Too many requests of this kind from this caller or network; wait for `Retry-After` seconds.',
  // The game
  not_found: 'No such thing, or none the caller may see.',
  not_started: 'The caller has not started this puzzle (fetched it with its token).',
  not_solved: 'The caller has not solved this puzzle (or its solve was voided).',
  no_session: 'Fetch the puzzle with the player token first: that starts its clock.',
  answer_embargoed: 'The answers of this date are not public yet.',
  invalid_start_token: "A start token that is not this player's for this puzzle.",
  log_mismatch: 'The move log does not replay to the submitted solution.',
  illegal_move: 'A move the puzzle does not allow.',
  hint_ends_ranking: 'A hint would make this solve practice; ask again with `acceptPractice: true`.',
  hint_limit: 'This session has had all its hints.',
  solve_under_review: 'The solve is held for a moderator; it can be shared once approved.',
  time_zone_locked: 'The time zone can change once every 24 hours; see `details.retryAfterSeconds`.',
  // Players and groups
  invalid_link_code: 'A link code that does not work: unknown, used, expired or mistyped.',
  invalid_invite: 'No group has that invite code.',
  cannot_follow_self: 'A player cannot follow itself.',
  not_following: 'The caller does not follow that player.',
  follow_limit: 'The caller follows as many players as it may.',
  already_member: 'The caller is a member of that group already.',
  group_full: 'The group holds as many members as it may.',
  group_limit: 'The caller belongs to as many groups as it may.',
  not_member: 'Not a member of that group.',
  not_owner: 'Only the owner of the group may do this.',
  // Site accounts
  already_merged: 'An anonymous player was carried into this account already; it happens once.',
  account_has_history:
    'The account already has a player with history: an anonymous player is never merged into it.',
  account_exists: 'The account already has a player: sign in without carrying an anonymous one.',
  // Idempotency
  idempotency_key_in_use:
    'A request with this `Idempotency-Key` is still in flight; retry once it has answered.',
  idempotency_key_reused:
    'This `Idempotency-Key` was used for another request in the last 24 hours; use a new key.',
  // Operators
  conflict: 'The change conflicts with the current state (e.g. approving a player approved already).',
  not_ranked: 'The submission is an unranked attempt: there is nothing to moderate.',
  date_begun: 'The date has begun somewhere on Earth: its puzzles stay as they are.',
  webhook_disabled: 'The webhook endpoint is disabled (it failed for 24 hours); enable it first.',
  // The service
  misconfigured: 'The deployment lacks its secrets or has weak ones; the operator must set them.',
  operator_not_configured:
    'This deployment has no operator keys (OPERATOR_KEYS): the operator routes are off.',
  sessions_not_configured:
    'This deployment takes no id tokens: JWT_ISSUER, JWT_AUDIENCE and JWT_JWKS_URL or JWT_SECRET are not set.',
  identity_provider_unavailable:
    "The identity provider's key set (JWT_JWKS_URL) could not be read; retry shortly.",
  generation_failed: 'The puzzle could not be made just now; retry shortly.',
  board_overloaded:
    "The puzzle's board is overloaded; nothing was stored, retry after `Retry-After` seconds.",
  database_unavailable: 'The database is unavailable; retry after `Retry-After` seconds.',
  internal: 'A fault of the service; quote `requestId` in a report.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** Where the served documentation explains `code`: its section of /docs/errors. */
export function docUrlOf(code: ErrorCode): string {
  return `/docs/errors#${code}`;
}
