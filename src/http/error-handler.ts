import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ConfigError } from '../config.js';
import { PuzzleInputError } from '../engines/types.js';
import { errorFields, log } from '../runtime/log.js';
import type { AppEnv } from './context.js';
import { isDatabaseError } from './database-error.js';
import { ApiError, errorBody, hostRefusal } from './errors.js';

/**
 * Every error a request ends with, in the API's error shape: a refusal as it was raised, a fault of the
 * service as a 5xx that names the request (logged with it) and never its cause.
 */
export const errorHandler: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) {
    return c.json(
      errorBody(error.code, error.message, {
        ...(error.param === undefined ? {} : { param: error.param }),
        ...(error.details ? { details: error.details } : {}),
      }),
      error.status,
    );
  }
  if (error instanceof PuzzleInputError) return c.json(errorBody('invalid_puzzle', error.message), 400);
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own refusals, e.g. a body that is not JSON: keep the status, use our error shape.
    return c.json(hostRefusal(error.status, error.message), error.status);
  }
  const requestId = c.var.requestId;
  if (error instanceof ConfigError) {
    log('error', 'configuration refused', { requestId, detail: error.message });
    return c.json(
      errorBody('misconfigured', 'The service is not configured for production', { requestId }),
      503,
    );
  }
  log('error', 'request failed', { requestId, ...errorFields(error) });
  if (isDatabaseError(error)) {
    c.header('Retry-After', '5');
    return c.json(
      errorBody('database_unavailable', 'The database is unavailable; try again shortly', { requestId }),
      503,
    );
  }
  return c.json(errorBody('internal', 'Internal server error', { requestId }), 500);
};
