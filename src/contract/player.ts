import { z } from 'zod';
import { KINDS } from './kinds/index.js';
import { hasVisibleLetterOrDigit, INVISIBLE, mixedScripts } from './name-scripts.js';
import { StreakSchema } from './streak.js';

/** A letter or digit with at most three combining marks (vowel signs, accents), or a space or . _ ' -. */
const NAME_CHARACTERS = "^[\\p{L}\\p{N}]\\p{M}{0,3}(?:[\\p{L}\\p{N}]\\p{M}{0,3}|[ ._'-])*$";

/**
 * Letters and digits of any one script (or Latin with Chinese, Japanese or Korean), spaces and a few joiners;
 * no control, invisible or filler characters. Stored in Unicode's composed form (NFC), so that `Zoë` typed
 * with a combining diaeresis is the same name as with `ë`.
 */
export const DisplayNameSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .min(2, 'must be at least 2 characters')
  .max(32, 'must be at most 32 characters')
  .refine(hasVisibleLetterOrDigit, {
    message: 'must show a letter or a digit: invisible and filler characters (such as U+3164) do not count',
  })
  .refine((name) => !name.match(INVISIBLE), {
    message: 'may not hold invisible or filler characters (such as U+200B or U+3164)',
  })
  .regex(
    new RegExp(NAME_CHARACTERS, 'u'),
    "may hold letters, digits, spaces and . _ ' - only, starting with a letter or digit",
  )
  .superRefine((name, ctx) => {
    const scripts = mixedScripts(name);
    if (scripts === null) return;
    ctx.addIssue({
      code: 'custom',
      message:
        `mixes scripts (${scripts.join(', ')}), as look-alike names do: write it in one script, or in ` +
        'Latin with Han and Japanese kana, Bopomofo or Hangul',
    });
  })
  // The document states the pattern without the JavaScript flag: JSON Schema patterns are Unicode-aware.
  .meta({
    pattern: NAME_CHARACTERS,
    example: 'Ada',
    description:
      'Trimmed and stored in NFC. One script (Unicode TR39 "highly restrictive": or Latin with Han and ' +
      'Japanese kana, Bopomofo or Hangul); no invisible or filler characters; at least one letter or digit.',
  });

export const BOARD_VISIBILITIES = ['public', 'followers', 'hidden'] as const;

const RatingSchema = z.object({
  kind: z.enum(KINDS),
  rating: z.number().int(),
  deviation: z.number().int(),
  games: z.number().int().meta({ description: 'Counted (clean) ranked solves of the kind' }),
  provisional: z.boolean().meta({
    description:
      'Not yet established in the kind (fewer than 5 counted solves, on fewer than 3 days of play each ' +
      'beginning at least 20 hours after the one before, or deviation 230 or more): ' +
      'its games do not move puzzles and it is not on the rating board',
  }),
});

/** The player as it sees itself (GET /v1/players/me). */
export const PlayerProfileSchema = z
  .object({
    id: z.string().meta({ example: '2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11' }),
    displayName: z.string().nullable(),
    createdAt: z.string(),
    timeZone: z.string().nullable().meta({
      description: "The player's calendar for streaks (IANA); UTC until set",
      example: 'Europe/Paris',
    }),
    boardVisibility: z.enum(BOARD_VISIBILITIES).meta({
      description:
        'Who sees the player on boards and its profile: everyone; only players it follows and who follow it; ' +
        'nobody but itself. A player one may not see is on none of one’s boards, cannot be followed when ' +
        'hidden, and is "hidden player" in the member list of a group one owns',
    }),
    streak: StreakSchema,
    ratings: z.array(RatingSchema).meta({ description: 'Every kind the player has a counted solve of' }),
  })
  .meta({ id: 'Player' });

export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

/** What others may see of a player (GET /v1/players/{id}), when its visibility lets them. */
export const PublicProfileSchema = PlayerProfileSchema.pick({ id: true, displayName: true, ratings: true })
  .extend({ streak: StreakSchema.pick({ current: true, best: true }) })
  .meta({ id: 'PublicPlayer' });

export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const NewPlayerRequestSchema = z
  .strictObject({ displayName: DisplayNameSchema.optional() })
  .meta({ id: 'NewPlayerRequest', example: { displayName: 'Ada' } });

export type NewPlayerRequest = z.infer<typeof NewPlayerRequestSchema>;

export const NewPlayerSchema = z
  .object({
    player: PlayerProfileSchema,
    token: z.string().meta({ description: 'Bearer token for `Authorization: Bearer <token>`; keep it' }),
  })
  .meta({ id: 'NewPlayer' });

export type NewPlayer = z.infer<typeof NewPlayerSchema>;

export const PlayerChangesSchema = z
  .strictObject({
    displayName: DisplayNameSchema.nullable().optional().meta({ description: 'null clears it' }),
    timeZone: z.string().max(64).optional().meta({
      description: 'IANA time zone of the calendar streaks are counted in; it can change once every 24 hours',
      example: 'Europe/Paris',
    }),
    boardVisibility: z.enum(BOARD_VISIBILITIES).optional().meta({
      description: 'Who sees the player on boards and its profile (see Player)',
      example: 'followers',
    }),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'name at least one of displayName, timeZone and boardVisibility',
  )
  .meta({
    id: 'PlayerChanges',
    description: 'At least one of the fields',
    example: { displayName: 'Ada', timeZone: 'Europe/Paris' },
  });

export type PlayerChanges = z.infer<typeof PlayerChangesSchema>;
