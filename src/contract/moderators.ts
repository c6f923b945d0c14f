import { z } from 'zod';

// The people who run the site: named moderators and owners, each with a token of their own.

export const MODERATOR_ROLES = ['moderator', 'owner'] as const;
export type ModeratorRole = (typeof MODERATOR_ROLES)[number];

/** Why an operator acts: every audited action carries it (3 to 500 characters). */
export const ReasonSchema = z.string().trim().min(3, 'say why, in at least 3 characters').max(500);

const NAME_CHARACTERS = '^[^\\p{Cc}\\p{Cf}]+$';

export const ModeratorNameSchema = z
  .string()
  .trim()
  .min(1, 'name the person')
  .max(60)
  .regex(new RegExp(NAME_CHARACTERS, 'u'), 'no control or format characters')
  // The document states the pattern without the JavaScript flag: JSON Schema patterns are Unicode-aware.
  .meta({
    pattern: NAME_CHARACTERS,
    description: 'Who the person is, as the audit log shows them',
    example: 'Grace',
  });

export const NewModeratorSchema = z
  .strictObject({
    name: ModeratorNameSchema,
    role: z.enum(MODERATOR_ROLES).meta({
      description:
        '`moderator` judges solves and players; `owner` also makes moderators, changes lines and rerolls',
    }),
    reason: ReasonSchema.optional(),
  })
  .meta({ id: 'NewModerator', example: { name: 'Grace', role: 'moderator', reason: 'Weekend reviews' } });
export type NewModerator = z.infer<typeof NewModeratorSchema>;

export const ModeratorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(MODERATOR_ROLES),
    createdAt: z.string(),
    createdBy: z.string().meta({ description: 'The owner who made it (`owner`: the ADMIN_TOKEN)' }),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'Moderator' });
export type ModeratorView = z.infer<typeof ModeratorSchema>;

export const CreatedModeratorSchema = ModeratorSchema.extend({
  token: z.string().meta({
    description: 'Its bearer token for the admin routes: shown this once, never stored (only its hash is)',
  }),
}).meta({ id: 'CreatedModerator' });
export type CreatedModerator = z.infer<typeof CreatedModeratorSchema>;

export const ModeratorsSchema = z.object({ moderators: z.array(ModeratorSchema) });
export type Moderators = z.infer<typeof ModeratorsSchema>;

export const RevokeModeratorSchema = z
  .strictObject({ reason: ReasonSchema.optional() })
  .meta({ id: 'RevokeModerator', example: { reason: 'Left the team' } });

/** Who the caller's token is. */
export const WhoAmISchema = z
  .object({ id: z.string(), name: z.string(), role: z.enum(MODERATOR_ROLES) })
  .meta({ id: 'WhoAmI' });
export type WhoAmI = z.infer<typeof WhoAmISchema>;
