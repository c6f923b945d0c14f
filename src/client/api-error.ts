import type { ErrorBody } from '../contract/error.js';

/** A refusal from the API: its HTTP status and the `{error: {code, message}}` it answered with. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** Stable and machine-readable, e.g. `invalid_request`, `no_session`, `rate_limited`; `network` when nothing answered. */
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  /** The field at fault, where there is one: a body field's path, a query or path parameter's or a header's name. */
  readonly param: string | undefined;
  /** Where the served documentation explains `code`, e.g. `/docs/errors#invalid_request` (on the API's origin). */
  readonly docUrl: string | undefined;
  /** With a server fault (5xx): quote it in a report. */
  readonly requestId: string | undefined;

  constructor(status: number, error: ErrorBody['error']) {
    super(error.message);
    this.status = status;
    this.code = error.code;
    this.details = error.details;
    this.param = error.param;
    this.docUrl = error.docUrl;
    this.requestId = error.requestId;
  }
}

/**
 * The error of a request that got no response at all (offline, the server down, a CORS refusal): status 0,
 * as browsers report it, and code `network`, so a page can say so instead of showing "Failed to fetch".
 */
export function networkError(cause: unknown): ApiError {
  const error = new ApiError(0, {
    code: 'network',
    message: 'Cannot reach the puzzle server. Check your connection and try again.',
  });
  error.cause = cause;
  return error;
}

/** The error of a response that is not the API's JSON error (a proxy's page, a network fault's stand-in). */
export function unexpectedResponse(status: number, statusText: string): ApiError {
  return new ApiError(status, {
    code: 'unexpected_response',
    message: `HTTP ${status} ${statusText}`.trim(),
  });
}
