/** Hono's rule for a caller's own X-Request-Id: kept when short and plain, replaced otherwise. */
const CALLERS_ID = /^[\w\-=]{1,255}$/;

let isolatePrefix: string | undefined;
let counter = 0;

/**
 * A new request id: Cloudflare's Ray ID when there is one (it also names the request in Cloudflare's own
 * logs), else a random prefix drawn once per isolate and a counter, which is unique without a random draw
 * per request (that draw was a measurable share of a cached read). Not a secret: only for correlating logs.
 */
export function newRequestId(headers: Headers): string {
  const ray = headers.get('cf-ray');
  if (ray !== null && CALLERS_ID.test(ray)) return ray;
  // Drawn on first use: Workers refuse random numbers at global scope.
  isolatePrefix ??= crypto.randomUUID().slice(0, 18);
  counter += 1;
  return `${isolatePrefix}-${counter.toString(36)}`;
}

/** The id a response carries: the caller's own X-Request-Id when acceptable, else a new one. */
export function requestIdFor(headers: Headers): string {
  const callers = headers.get('X-Request-Id');
  return callers !== null && CALLERS_ID.test(callers) ? callers : newRequestId(headers);
}
