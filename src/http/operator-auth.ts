import type { MiddlewareHandler } from 'hono';
import type { OperatorKey } from '../auth/operator-keys.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

/** Which operator key a request came with: its name, for the audit and the logs (never the key). */
export type OperatorVariables = { operatorKey: string };

type WithOperator = {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & OperatorVariables;
};

const encoder = new TextEncoder();

const digest = (text: string) => crypto.subtle.digest('SHA-256', encoder.encode(text));

/**
 * The key `token` is, compared in constant time: digests, so neither a key's content nor its length leaks,
 * and every key is compared, so neither does which one matched.
 */
async function keyOf(keys: readonly OperatorKey[], token: string): Promise<OperatorKey | undefined> {
  const sent = await digest(token);
  let found: OperatorKey | undefined;
  for (const key of keys) {
    if (crypto.subtle.timingSafeEqual(sent, await digest(key.key))) found = key;
  }
  return found;
}

/**
 * Route middleware of the operator routes: without OPERATOR_KEYS they do not exist (404); otherwise a
 * request without one of its keys (a player token, the admin token, a key rotated out) is refused with 401
 * before its parameters or body are read. `c.var.operatorKey` names the key.
 */
export const operatorRequired: MiddlewareHandler<WithOperator> = async (c, next) => {
  const keys = c.var.services.config.operatorKeys;
  if (keys.length === 0) {
    throw new ApiError(
      404,
      'operator_not_configured',
      'This deployment has no operator keys: set OPERATOR_KEYS to use the operator routes',
    );
  }
  const header = c.req.header('Authorization') ?? '';
  const key = header.startsWith('Bearer ') ? await keyOf(keys, header.slice(7)) : undefined;
  if (!key) {
    throw new ApiError(401, 'unauthorized', 'Operator routes need `Authorization: Bearer <operator key>`');
  }
  c.set('operatorKey', key.name);
  await next();
};
