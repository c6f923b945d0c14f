import type { ContentfulStatusCode } from 'hono/utils/http-status';

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

export interface ErrorBody {
  error: { code: string; message: string; requestId?: string; details?: Record<string, unknown> };
}

export function errorBody(
  code: string,
  message: string,
  extra: Omit<ErrorBody['error'], 'code' | 'message'> = {},
): ErrorBody {
  return { error: { code, message, ...extra } };
}
