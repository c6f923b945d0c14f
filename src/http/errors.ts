import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../contract/error.js';
import { docUrlOf, type ErrorCode } from '../contract/error-codes.js';

/** An error a client caused or may act on; becomes `{ error: { code, message } }` with its status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** The field at fault, where there is one (the body field, parameter or header). */
    readonly param?: string,
  ) {
    super(message);
  }
}

/** An error's body: its code's documentation linked, and the field at fault where `extra` names one. */
export function errorBody(
  code: ErrorCode,
  message: string,
  extra: Omit<ErrorBody['error'], 'code' | 'message' | 'docUrl'> = {},
): ErrorBody {
  return { error: { code, message, ...extra, docUrl: docUrlOf(code) } };
}

/** Hono's own refusals (a body that is not JSON, or not sent as JSON) in the API's error shape. */
export function hostRefusal(status: number, message: string): ErrorBody {
  if (status === 400) return errorBody('invalid_json', message);
  if (status === 415) {
    return errorBody('unsupported_media_type', 'Send the body as JSON, with Content-Type: application/json');
  }
  return errorBody('bad_request', message);
}
