import { z } from '@hono/zod-openapi';
import { ErrorSchema } from '../contract/error.js';
import { LEVELS } from '../engines/types.js';
import { KINDS } from '../kinds/index.js';

export const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-29' });

export const KindParam = z.enum(KINDS).openapi({ param: { name: 'kind', in: 'path' }, example: 'sudoku' });

export const LevelParam = z.enum(LEVELS).openapi({ param: { name: 'level', in: 'path' }, example: 'easy' });

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
