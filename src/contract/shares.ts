import { z } from 'zod';
import { KIND_SHAPES, KINDS, LEVELS } from './kinds/index.js';

/** Characters of a share's link code: 16 random bytes in base64url, so a code cannot be guessed. */
export const SHARE_CODE_LENGTH = 22;

/** The card image's size: what Open Graph and Twitter's large card expect. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export const ShareCodeSchema = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{${SHARE_CODE_LENGTH}}$`),
    `must be a share code (${SHARE_CODE_LENGTH} characters)`,
  );

export const ShareRequestSchema = z
  .strictObject({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
      .meta({ description: 'The puzzle date' }),
    kind: z
      .enum(KINDS)
      .optional()
      .meta({ description: 'With level: one solve; without both: the whole day' }),
    level: z.enum(LEVELS).optional(),
  })
  .refine((r) => (r.kind === undefined) === (r.level === undefined), {
    message: 'kind and level go together: both for one solve, neither for the whole day',
    path: ['level'],
  })
  .refine(
    (r) =>
      r.kind === undefined ||
      r.level === undefined ||
      (KIND_SHAPES[r.kind].levels as readonly string[]).includes(r.level),
    { message: 'is not a level of that kind (GET /v1/kinds lists them)', path: ['level'] },
  )
  .meta({ id: 'ShareRequest', example: { date: '2026-11-29', kind: 'sudoku', level: 'hard' } });

export type ShareRequest = z.infer<typeof ShareRequestSchema>;

const CardPuzzleSchema = z.object({
  kind: z.enum(KINDS),
  level: z.enum(LEVELS),
  countedMs: z.int().meta({ description: 'The solve’s counted time' }),
  score: z.number().nullable().meta({ description: 'Its score against the benchmark, 0–1 (the emoji row)' }),
  rank: z.int().nullable().meta({ description: 'Its rank among the puzzle’s solvers; null when not shown' }),
  solvers: z.int().nullable(),
});

/** The figures a card shows, fixed when the share was made: no answer, no other player. */
export const ShareCardSchema = z
  .object({
    date: z.string(),
    puzzles: z.array(CardPuzzleSchema).min(1),
    streak: z.int().nullable().meta({ description: 'The current streak in days; null when not shown' }),
  })
  .meta({ id: 'ShareCard' });

export type ShareCard = z.infer<typeof ShareCardSchema>;
export type CardPuzzle = ShareCard['puzzles'][number];

export const ShareSchema = z
  .object({
    code: z.string().meta({ description: 'The link code: unguessable, and all a viewer needs' }),
    date: z.string(),
    kind: z.enum(KINDS).nullable().meta({ description: 'Null for a share of the whole day' }),
    level: z.enum(LEVELS).nullable(),
    text: z
      .string()
      .meta({ description: 'A spoiler-free chat line (a few lines), ending with the page URL' }),
    urls: z.object({
      page: z
        .string()
        .meta({ description: 'GET /s/{code}: the public page with Open Graph and Twitter tags' }),
      png: z.string().meta({ description: 'GET /s/{code}.png: the 1200×630 card image' }),
    }),
    card: ShareCardSchema,
    createdAt: z.string(),
  })
  .meta({
    id: 'Share',
    description:
      'A share of one solve or of a day: rank and streak only when the player’s board visibility is public, ' +
      'and never an answer or another player',
    example: {
      code: 'q8Hc3Vb1Z9kT0pLr2Ws7Xy',
      date: '2026-11-29',
      kind: 'sudoku',
      level: 'hard',
      text: 'Daily puzzles 2026-11-29 · 🔥 4-day streak\nSudoku hard 4:12 · #3 of 41 🟩🟩🟩🟩⬜\nhttps://puzzles.example.org/s/q8Hc3Vb1Z9kT0pLr2Ws7Xy',
      urls: {
        page: 'https://puzzles.example.org/s/q8Hc3Vb1Z9kT0pLr2Ws7Xy',
        png: 'https://puzzles.example.org/s/q8Hc3Vb1Z9kT0pLr2Ws7Xy.png',
      },
      card: {
        date: '2026-11-29',
        puzzles: [{ kind: 'sudoku', level: 'hard', countedMs: 252_000, score: 0.71, rank: 3, solvers: 41 }],
        streak: 4,
      },
      createdAt: '2026-11-29T09:30:00.000Z',
    },
  });

export type Share = z.infer<typeof ShareSchema>;

export const SharesSchema = z
  .object({ shares: z.array(ShareSchema).meta({ description: 'Newest first' }) })
  .meta({ id: 'Shares' });

export type Shares = z.infer<typeof SharesSchema>;
