import { z } from '@hono/zod-openapi';
import { fromBase64Url, toBase64Url } from '../auth/base64url.js';
import { ApiError } from './errors.js';

/** Opaque keyset cursors: base64url of a small JSON value, validated against its schema on the way back. */
export function encodeCursor(value: unknown): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
}

/**
 * A page from rows read one past its limit (`limit + 1`): the rows to show, and the next page's cursor only
 * when that extra row came back, so an exactly full last page hands out no cursor to an empty one.
 */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (last: T) => unknown,
): { rows: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: last !== undefined && rows.length > limit ? encodeCursor(cursorOf(last)) : null,
  };
}

export function decodeCursor<T>(text: string | undefined, schema: z.ZodType<T>): T | null {
  if (text === undefined) return null;
  const bytes = fromBase64Url(text);
  let value: unknown;
  try {
    value = bytes ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(
      400,
      'invalid_cursor',
      'The cursor is not one this API handed out',
      undefined,
      'cursor',
    );
  }
  return parsed.data;
}

export const CursorQuery = z
  .string()
  .max(200)
  .optional()
  .openapi({ description: 'The `nextCursor` of the previous page' });

export const LimitQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(100)
  .default(20)
  .openapi({ description: 'Rows per page (1–100)', example: 20 });

/** The cursor of a page in id order: the last row's id. */
export const IdCursor = z.object({ id: z.number().int() });
