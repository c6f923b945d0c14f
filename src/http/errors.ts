import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../contract/error.js';

/** An error a client caused or may act on; becomes `{ error: { code, message } }` with its status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function errorBody(
  code: string,
  message: string,
  extra: Omit<ErrorBody['error'], 'code' | 'message'> = {},
): ErrorBody {
  return { error: { code, message, ...extra } };
}
