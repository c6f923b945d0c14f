import { createRoute, z } from '@hono/zod-openapi';
import { AccountPlayerSchema, ExternalIdSchema, OperatorPlayerRequestSchema } from '../contract/accounts.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { ApiError } from '../http/errors.js';
import { type OperatorPlayerOutcome, operatorPlayer } from '../play/operator-player.js';
import { OPERATOR } from './access.js';
import { ACCOUNT_REFUSALS } from './account-refusals.js';
import { jsonAnswer, optionalJsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { TAGS } from './tags.js';

const OPERATOR_PLAYER_REFUSALS = {
  ...ACCOUNT_REFUSALS,
  invalid_anonymous_token: [
    400,
    'invalid_anonymous_token',
    'anonymousToken is not the token of a player here (a revoked one included)',
  ],
} as const satisfies Refusals<Failed<OperatorPlayerOutcome>>;

const putPlayer = createRoute({
  method: 'put',
  path: '/operator/players/{externalId}',
  operationId: 'putOperatorPlayer',
  tags: [TAGS.accounts.name],
  ...OPERATOR,
  summary: "The player of one of the site's accounts, made the first time, and a fresh player token",
  description:
    "For the site's own server, with an operator key (OPERATOR_KEYS). The same external id always gives the " +
    'same player; `displayName` sets its name. The external id is never shown in any public answer. With ' +
    '`mergeAnonymous` and `anonymousToken`, an anonymous player signing in for the first time becomes the ' +
    "account's player and its tokens stop working. 404 `operator_not_configured` without OPERATOR_KEYS.",
  request: {
    params: z.object({
      externalId: ExternalIdSchema.openapi({ param: { name: 'externalId', in: 'path' } }),
    }),
    body: optionalJsonBody(OperatorPlayerRequestSchema),
  },
  responses: {
    200: jsonAnswer(AccountPlayerSchema, "The account's player, as it was, and a new token"),
    201: jsonAnswer(
      AccountPlayerSchema,
      "The account's new player (or the anonymous one, now the account's)",
    ),
    ...errorResponses(
      {
        400: 'Malformed external id or body',
        401: 'Not an operator key (player and admin tokens and rotated-out keys included)',
        404: '`operator_not_configured`: the deployment has no OPERATOR_KEYS',
      },
      OPERATOR_PLAYER_REFUSALS,
    ),
  },
});

export const operatorRoutes = routeGroup()
  .openapi(putPlayer, async (c) => {
    const { externalId } = c.req.valid('param');
    const outcome = await operatorPlayer(
      c.var.services,
      c.var.operatorKey,
      externalId,
      c.req.valid('json') ?? {},
    );
    if (!outcome.ok) throw refusal(OPERATOR_PLAYER_REFUSALS, outcome);
    c.header('Cache-Control', CACHE_CONTROL.private);
    const { player, token, created } = outcome;
    return created ? c.json({ player, token, created }, 201) : c.json({ player, token, created }, 200);
  })
  // An empty external id leaves the path without its last segment: refused as the parameter it is, not as
  // an unknown route (and only for an operator key, like the route itself).
  .on('PUT', ['/operator/players', '/operator/players/'], ...OPERATOR.middleware, () => {
    throw new ApiError(400, 'invalid_request', 'path parameter externalId: must not be empty');
  });
