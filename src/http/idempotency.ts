import type { MiddlewareHandler } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import { openAnswer, sealAnswer } from '../auth/sealed-answer.js';
import { verifyingSecrets } from '../auth/signing-keys.js';
import {
  claimKey,
  completeKey,
  keysExpiredBefore,
  playerKeyScope,
  releaseKey,
  storedKey,
} from '../db/idempotency-keys.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { clientAddress } from './rate-limit.js';

/** The header a client names a creating request with, and the one a replayed answer carries. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Visible ASCII, as a header value can carry it unchanged through every proxy: 1 to 255 characters. */
const KEY = /^[\x21-\x7E]{1,255}$/;

/** Every refusal of the middleware, by what went wrong. */
export const IDEMPOTENCY_REFUSALS = {
  invalid: [
    400,
    'invalid_idempotency_key',
    'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good key)',
  ],
  in_use: [
    409,
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still in flight; retry it once that one has answered',
  ],
  reused: [
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was used for another request in the last 24 hours; use a new key',
  ],
} as const;

/** The optional header as the OpenAPI document declares it on each route that takes it. */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'A key of the caller’s choosing (a UUID) that makes a retry safe: the same key with the same request ' +
    'within 24 hours answers the first successful answer again, with `Idempotent-Replayed: true`, and ' +
    'creates nothing more. Only 2xx answers are kept, so a request refused or failed may be retried with ' +
    'the same key. The same key with another body is 422 `idempotency_key_reused`; while the first ' +
    'request with the key is still in flight, 409 `idempotency_key_in_use`. Keys are per caller.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
} as const;

type Caller = {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { player?: { id: string } | null; moderator?: { id: string } };
};

/** Whose key it is: the player or moderator the route's access found, else the caller's address. */
function scopeOf(c: Parameters<MiddlewareHandler<Caller>>[0]): string {
  if (c.var.player) return playerKeyScope(c.var.player.id);
  if (c.var.moderator) return `moderator:${c.var.moderator.id}`;
  return `address:${clientAddress(c).address}`;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function refused(why: keyof typeof IDEMPOTENCY_REFUSALS): ApiError {
  const [status, code, message] = IDEMPOTENCY_REFUSALS[why];
  return new ApiError(status, code, message, undefined, IDEMPOTENCY_HEADER);
}

/**
 * Route middleware, after the access level's (which says who calls): a request with an `Idempotency-Key`
 * runs once per caller and key for 24 hours. A concurrent duplicate is refused at once (409, as Stripe
 * does) rather than held: a Worker holding a request open while another one runs gains the client
 * nothing its own retry would not.
 */
export const idempotency: MiddlewareHandler<Caller> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!KEY.test(key)) throw refused('invalid');
  const { db, now, config } = c.var.services;
  const scope = scopeOf(c);
  const requestHash = await sha256Hex(`${c.req.method}\n${c.req.path}\n${await c.req.raw.clone().text()}`);
  const at = now();
  const expiredBefore = keysExpiredBefore(at);
  if (!(await claimKey(db, { scope, key, requestHash, at: at.toISOString(), expiredBefore }))) {
    const row = await storedKey(db, scope, key);
    // Gone between the two statements (answered with a refusal, or swept): the caller may simply retry.
    if (!row || row.status === null) throw refused('in_use');
    if (row.requestHash !== requestHash) throw refused('reused');
    const body =
      row.responseBody === null
        ? null
        : await openAnswer(verifyingSecrets(config.tokenSecret), `${scope}\n${key}`, row.responseBody);
    // Sealed under a token secret since retired: the answer is lost, and the key with it.
    if (row.responseBody !== null && body === null) throw refused('reused');
    c.header(REPLAYED_HEADER, 'true');
    if (body !== null) c.header('Content-Type', 'application/json');
    return c.newResponse(body, row.status as StatusCode);
  }
  await next();
  const status = c.res.status;
  if (status < 200 || status > 299) {
    await releaseKey(db, scope, key);
    return;
  }
  const text = await c.res.clone().text();
  const sealed = text === '' ? null : await sealAnswer(config.tokenSecret.current, `${scope}\n${key}`, text);
  await completeKey(db, scope, key, { status, body: sealed });
};
