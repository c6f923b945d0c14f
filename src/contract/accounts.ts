import { z } from 'zod';
import { DisplayNameSchema, NewPlayerSchema } from './player.js';

/** The longest external id an operator may use: its own account ids, opaque to the service. */
export const MAX_EXTERNAL_ID_LENGTH = 128;

/** An operator's own id of an account: 1 to 128 characters, none of them control characters. */
export const ExternalIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_EXTERNAL_ID_LENGTH, `must be at most ${MAX_EXTERNAL_ID_LENGTH} characters`)
  // Written out rather than \P{Cc}, which the document's JSON Schema pattern could not say without the u flag.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  .regex(/^[^\u0000-\u001f\u007f-\u009f]+$/, 'may not hold control characters')
  .meta({
    description:
      "The site's own id of the account (opaque, 1 to 128 characters): never shown in any public answer",
    example: 'user-8812',
  });

const MergeAnonymous = z
  .boolean()
  .optional()
  .meta({
    description:
      'Carry an anonymous player into the account, once: only when the account has no player yet. The anonymous ' +
      "player becomes the account's (streak, ratings, history, shares, follows and groups), its tokens stop working",
  });

/** PUT /v1/operator/players/{externalId}: all optional. */
export const OperatorPlayerRequestSchema = z
  .strictObject({
    displayName: DisplayNameSchema.optional().meta({ description: "Set or changed: the account's name" }),
    mergeAnonymous: MergeAnonymous,
    anonymousToken: z
      .string()
      .max(200)
      .optional()
      .meta({ description: "With mergeAnonymous: the anonymous player's current token" }),
  })
  .refine((body) => (body.mergeAnonymous === true) === (body.anonymousToken !== undefined), {
    message: 'mergeAnonymous: true and anonymousToken go together',
  })
  .meta({ id: 'OperatorPlayerRequest', example: { displayName: 'Ada' } });

export type OperatorPlayerRequest = z.infer<typeof OperatorPlayerRequestSchema>;

/** A compact JWS: three base64url parts (the last empty for `alg: none`, which verification refuses). */
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** POST /v1/players/session. */
export const SessionRequestSchema = z
  .strictObject({
    idToken: z.string().max(8192, 'must be at most 8192 characters').regex(JWT, 'must be a JWT').meta({
      description:
        "The id token the site's identity provider signed (RS256 or ES256 from its JWKS, or HS256)",
      example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTg4MTIifQ.c2lnbmF0dXJl',
    }),
    mergeAnonymous: MergeAnonymous.meta({
      description:
        "Carry the anonymous player of the request's bearer token into the account, once (see OperatorPlayerRequest)",
    }),
  })
  .meta({
    id: 'SessionRequest',
    example: { idToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTg4MTIifQ.c2lnbmF0dXJl' },
  });

export type SessionRequest = z.infer<typeof SessionRequestSchema>;

/** The account's player and a fresh token of it. */
export const AccountPlayerSchema = NewPlayerSchema.extend({
  created: z.boolean().meta({
    description: 'This call made the player, or made the anonymous player the account’s; false: it existed',
  }),
}).meta({ id: 'AccountPlayer' });

export type AccountPlayer = z.infer<typeof AccountPlayerSchema>;
