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

/** How a device got its token: registering, a link code, signing in with a site account, or before token ids. */
export const TOKEN_VIAS = ['register', 'link', 'account', 'legacy'] as const;

export type TokenVia = (typeof TOKEN_VIAS)[number];

export const PlayerTokenSchema = z
  .object({
    id: z.string().meta({ description: 'The token id (its second part); not the token itself' }),
    createdAt: z.string(),
    via: z.enum(TOKEN_VIAS).meta({
      description:
        "How the device got it: registering, a link code, the site's account (an operator key or an id token), or a token from before token ids",
    }),
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
