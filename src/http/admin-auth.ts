import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

const encoder = new TextEncoder();

/** Compares digests, not the strings, so neither the content nor the length of the token leaks through timing. */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const [da, db] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  return crypto.subtle.timingSafeEqual(da, db);
}

/** Route middleware: a request without the admin token is refused before its parameters or body are read. */
export const adminRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAdmin(c);
  await next();
};

export async function requireAdmin(c: Context<AppEnv>): Promise<void> {
  const header = c.req.header('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!(await sameSecret(token, c.var.services.config.adminToken))) {
    throw new ApiError(401, 'unauthorized', 'Admin routes need `Authorization: Bearer <ADMIN_TOKEN>`');
  }
}
