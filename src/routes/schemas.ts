import { z } from '@hono/zod-openapi';
import { ErrorSchema } from '../contract/error.js';
import { LEVELS } from '../contract/kinds/index.js';
import { ApiError } from '../http/errors.js';
import { refusedAs } from '../http/validation.js';
import { KINDS } from '../kinds/index.js';

export const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-29' });

/** `"chess"`: quoted, so that an empty or padded value reads as what it is. */
const quoted = (input: unknown) => JSON.stringify(input) ?? String(input);

/** A kind of the registry; anything else is refused as `invalid_kind`. */
export const KindSchema = refusedAs(
  'invalid_kind',
  z.enum(KINDS, {
    error: (issue) => `${quoted(issue.input)} is not a kind; the kinds are ${KINDS.join(', ')}`,
  }),
);

/** A level of some kind (which kind has which: GET /v1/kinds); anything else is refused as `invalid_level`. */
export const LevelSchema = refusedAs(
  'invalid_level',
  z.enum(LEVELS, {
    error: (issue) => `${quoted(issue.input)} is not a level; the levels are ${LEVELS.join(', ')}`,
  }),
);

export const KindParam = KindSchema.openapi({ param: { name: 'kind', in: 'path' }, example: 'sudoku' });

export const LevelParam = LevelSchema.openapi({ param: { name: 'level', in: 'path' }, example: 'easy' });

export const PuzzleParams = z.object({ date: DateParam, kind: KindParam, level: LevelParam });

/** A player id in the path. */
export function playerIdParam(name: string) {
  return z
    .string()
    .uuid('must be a player id')
    .openapi({ param: { name, in: 'path' }, example: '2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11' });
}

/** Why a moderator acts: every moderation action is audited with it. */
export const ModerationReason = z.string().trim().min(3, 'say why, in at least 3 characters').max(500);

export const jsonError = (description: string) => ({
  content: { 'application/json': { schema: ErrorSchema } },
  description,
});

/** Why a time zone the runtime does not know is refused. */
export const notATimeZone = (tz: string) =>
  `${quoted(tz)} is not an IANA time zone (such as "Europe/Paris" or "UTC")`;

/** The refusal of a time zone the runtime does not know. */
export function invalidTimeZone(tz: string): ApiError {
  return new ApiError(400, 'invalid_time_zone', notATimeZone(tz));
}
