import { z } from 'zod';
import { PushSubscriptionSchema } from './push.js';

export const LinkCodeSchema = z
  .object({
    code: z
      .string()
      .meta({ example: '7K3QX-PM2D9', description: 'Ten characters: type it on the other device' }),
    expiresAt: z.string().meta({ description: 'Ten minutes from now; the code works once' }),
    expiresInSeconds: z.number().int().meta({
      description:
        "The same, counted from the server's now: a countdown that a device's wrong clock cannot skew",
      example: 600,
    }),
  })
  .meta({ id: 'LinkCode' });

export type LinkCode = z.infer<typeof LinkCodeSchema>;

export const LinkRequestSchema = z
  .strictObject({ code: z.string().max(32) })
  .meta({ id: 'LinkRequest', example: { code: '7K3QX-PM2D9' } });

export type LinkRequest = z.infer<typeof LinkRequestSchema>;

/** How a device got its token: registering, a link code, signing in with a site account, before token ids, or a read token (POST /v1/players/me/tokens). */
export const TOKEN_VIAS = ['register', 'link', 'account', 'legacy', 'read'] as const;

export type TokenVia = (typeof TOKEN_VIAS)[number];

export const TokenScopeSchema = z.enum(['full', 'read']).meta({
  id: 'TokenScope',
  description:
    '`full`: everything the player may do. `read`: only reading (history, stats, boards, profiles, groups); ' +
    'any route that writes answers it 403 `insufficient_scope`, and a puzzle fetched with it starts no clock',
});

export type TokenScope = z.infer<typeof TokenScopeSchema>;

const LABEL_CHARACTERS = '^[^\\p{Cc}\\p{Cf}]+$';

/** A label: what the token is for, printable, without control characters. */
const TokenLabelSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(60, 'must be at most 60 characters')
  .regex(new RegExp(LABEL_CHARACTERS, 'u'), 'must not contain control or format characters')
  // The document states the pattern without the JavaScript flag: JSON Schema patterns are Unicode-aware.
  .meta({ pattern: LABEL_CHARACTERS, description: 'What the token is for, e.g. the site it is on' });

export const NewReadTokenRequestSchema = z
  .strictObject({
    scope: z.literal('read'),
    label: TokenLabelSchema.optional(),
  })
  .meta({ id: 'NewReadTokenRequest', example: { scope: 'read', label: 'Blog widget' } });

export type NewReadTokenRequest = z.infer<typeof NewReadTokenRequestSchema>;

export const ReadTokenSchema = z
  .object({
    id: z.string().meta({ description: 'The token id: revoke it with DELETE /v1/players/me/tokens/{id}' }),
    token: z.string().meta({ description: 'The bearer token; shown this once' }),
    scope: TokenScopeSchema,
    label: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ReadToken' });

export type ReadToken = z.infer<typeof ReadTokenSchema>;

export const PlayerTokenSchema = z
  .object({
    id: z.string().meta({ description: 'The token id (its second part); not the token itself' }),
    createdAt: z.string(),
    via: z.enum(TOKEN_VIAS).meta({
      description:
        "How the device got it: registering, a link code, the site's account (an operator key or an id token), a token from before token ids, or POST /v1/players/me/tokens (a read token)",
    }),
    scope: TokenScopeSchema,
    label: z.string().nullable().meta({ description: "A read token's label, as its owner named it" }),
    current: z.boolean().meta({ description: 'The token of this request' }),
    push: PushSubscriptionSchema.nullable().meta({
      description: "The device's streak reminder (PUT /v1/players/me/push from it), or null",
    }),
  })
  .meta({ id: 'PlayerToken' });

export const PlayerTokensSchema = z
  .object({ tokens: z.array(PlayerTokenSchema) })
  .meta({ id: 'PlayerTokens' });

export type PlayerTokens = z.infer<typeof PlayerTokensSchema>;
