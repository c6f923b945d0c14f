import { createRoute } from '@hono/zod-openapi';
import { AccountPlayerSchema, SessionRequestSchema } from '../contract/accounts.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { ApiError } from '../http/errors.js';
import { type SessionOutcome, sessionSignIn } from '../play/session-sign-in.js';
import { OPTIONAL_PLAYER } from './access.js';
import { ACCOUNT_REFUSALS } from './account-refusals.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { TAGS } from './tags.js';

/** The identity provider's keys out of reach: not the caller's fault, so not one of the 4xx refusals. */
type Unavailable = { ok: false; reason: 'keys_unavailable' };

const SESSION_REFUSALS = {
  ...ACCOUNT_REFUSALS,
  not_configured: [
    404,
    'sessions_not_configured',
    'This deployment takes no id tokens: set JWT_ISSUER, JWT_AUDIENCE and JWT_JWKS_URL or JWT_SECRET',
  ],
  anonymous_token_required: [
    400,
    'anonymous_token_required',
    "mergeAnonymous needs the anonymous player's token as `Authorization: Bearer <player token>`",
  ],
  invalid_id_token: [
    401,
    'invalid_id_token',
    ({ check }) => `The id token failed its ${check}`,
    {
      doc: 'The id token failed a check (format, algorithm, signature, issuer, audience, expiry, subject): the message says which',
    },
  ],
} as const satisfies Refusals<Exclude<Failed<SessionOutcome>, Unavailable>>;

const signIn = createRoute({
  method: 'post',
  path: '/players/session',
  operationId: 'signIn',
  tags: [TAGS.accounts.name],
  ...OPTIONAL_PLAYER,
  summary: "Sign in with the site's id token: the player of its account, and a player token",
  description:
    "The id token of the site's identity provider (RS256/ES256 against JWT_JWKS_URL, or HS256 with JWT_SECRET; " +
    'issuer, audience and expiry checked, 60 s of clock skew allowed) names the account by its `sub`. The ' +
    'first sign-in makes the player; with `mergeAnonymous`, the anonymous player of the bearer token becomes ' +
    "the account's instead, once, and its tokens stop working. 404 `sessions_not_configured` when the " +
    'deployment takes no id tokens.',
  request: { body: jsonBody(SessionRequestSchema) },
  responses: {
    200: jsonAnswer(AccountPlayerSchema, "The account's player, as it was, and a new token"),
    201: jsonAnswer(
      AccountPlayerSchema,
      "The account's new player (or the anonymous one, now the account's)",
    ),
    ...errorResponses(
      {
        400: 'Malformed body (an idToken that is not a JWT included)',
        401: 'A bearer token was sent but is not a valid player token',
        503: "`identity_provider_unavailable`: the identity provider's keys could not be read",
      },
      SESSION_REFUSALS,
    ),
  },
});

export const sessionRoutes = routeGroup().openapi(signIn, async (c) => {
  const body = c.req.valid('json');
  const player = c.var.player;
  const outcome = await sessionSignIn(c.var.services, {
    idToken: body.idToken,
    mergeAnonymous: body.mergeAnonymous === true,
    anonymous: player && { id: player.id },
  });
  if (!outcome.ok) {
    if (outcome.reason === 'keys_unavailable') {
      throw new ApiError(
        503,
        'identity_provider_unavailable',
        "The identity provider's keys (JWT_JWKS_URL) could not be read; try again shortly",
      );
    }
    throw refusal(SESSION_REFUSALS, outcome);
  }
  c.header('Cache-Control', CACHE_CONTROL.private);
  const { player: profile, token, created } = outcome;
  return created
    ? c.json({ player: profile, token, created }, 201)
    : c.json({ player: profile, token, created }, 200);
});
