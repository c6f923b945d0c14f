import { z } from 'zod';

export const GroupNameSchema = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(40, 'must be at most 40 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} .,_'&()-]*$/u, "may hold letters, digits, spaces and . , _ ' & ( ) - only")
  // The document states the pattern without the JavaScript flag: JSON Schema patterns are Unicode-aware.
  .meta({ pattern: "^[\\p{L}\\p{N}][\\p{L}\\p{N} .,_'&()-]*$", example: 'Friday puzzlers' });

export const GroupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    ownerId: z
      .string()
      .nullable()
      .meta({ description: 'Null when the owner is a player the caller may not see (its board visibility)' }),
    createdAt: z.string(),
    members: z.number().int().meta({ description: 'Every member, those the caller may not see included' }),
  })
  .meta({ id: 'Group' });

export type Group = z.infer<typeof GroupSchema>;

export const PlayerGroupsSchema = z
  .object({
    groups: z.array(
      GroupSchema.extend({ joinedAt: z.string().meta({ description: 'When the caller joined it' }) }),
    ),
  })
  .meta({ id: 'PlayerGroups', description: 'The groups of the caller, oldest membership first' });

export type PlayerGroups = z.infer<typeof PlayerGroupsSchema>;

export const GroupDetailSchema = GroupSchema.extend({
  inviteCode: z.string().nullable().meta({ description: 'Shown to the owner only' }),
  memberList: z
    .array(
      z.object({
        playerId: z.string().nullable(),
        displayName: z.string().nullable(),
        hidden: z.boolean().meta({
          description:
            'A member the caller may not see, listed to the owner only, as "hidden player" (id and name null)',
        }),
        joinedAt: z.string(),
      }),
    )
    .meta({
      description:
        'The members the caller may see (its board visibility); the owner also gets one "hidden player" row ' +
        'per other member',
    }),
}).meta({ id: 'GroupDetail' });

export type GroupDetail = z.infer<typeof GroupDetailSchema>;

export const NewGroupRequestSchema = z
  .strictObject({ name: GroupNameSchema })
  .meta({ id: 'NewGroupRequest', example: { name: 'Friday puzzlers' } });

export const NewGroupSchema = z
  .object({ group: GroupSchema, inviteCode: z.string() })
  .meta({ id: 'NewGroup' });

export type NewGroup = z.infer<typeof NewGroupSchema>;

export const JoinGroupRequestSchema = z
  .strictObject({ inviteCode: z.string().max(32) })
  .meta({ id: 'JoinGroupRequest', example: { inviteCode: 'H4ZQ7-MX2PD' } });

export const JoinedGroupSchema = z.object({ group: GroupSchema }).meta({ id: 'JoinedGroup' });

export type JoinedGroup = z.infer<typeof JoinedGroupSchema>;

export const InviteCodeSchema = z.object({ inviteCode: z.string() }).meta({ id: 'InviteCode' });

export type InviteCode = z.infer<typeof InviteCodeSchema>;
