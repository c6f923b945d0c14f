import type { Context } from 'hono';
import type { Env } from '../env.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

/** What the Workers Rate Limiting binding offers; the in-memory fallback offers the same. */
export interface Limiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

interface Rule {
  binding: 'PLAYER_CREATION_LIMITER' | 'SUBMISSION_PLAYER_LIMITER' | 'SUBMISSION_IP_LIMITER';
  limit: number;
  /** Seconds; the binding accepts 10 or 60. */
  period: 10 | 60;
  what: string;
}

/**
 * The limits, mirrored by the [[ratelimits]] blocks of wrangler.toml (the binding's own numbers win where it
 * runs; these drive the fallback). Generous for people, tight for scripts: a player solves a handful of
 * puzzles a day, while a bot guessing solutions or farming anonymous accounts needs thousands.
 */
export const RATE_LIMITS = {
  playerCreation: {
    binding: 'PLAYER_CREATION_LIMITER',
    limit: 10,
    period: 60,
    what: 'new players from one address',
  },
  submissionPerPlayer: {
    binding: 'SUBMISSION_PLAYER_LIMITER',
    limit: 30,
    period: 60,
    what: 'submissions by one player',
  },
  submissionPerIp: {
    binding: 'SUBMISSION_IP_LIMITER',
    limit: 300,
    period: 60,
    what: 'submissions from one address',
  },
} as const satisfies Record<string, Rule>;

/** A fixed-window counter per isolate: for a deployment without the binding (it is per isolate, so looser). */
export function memoryLimiter(limit: number, periodMs: number, now: () => number = Date.now): Limiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async limit({ key }) {
      const t = now();
      const window = windows.get(key);
      if (!window || t - window.start >= periodMs) {
        if (windows.size > 10_000) windows.clear();
        windows.set(key, { start: t, count: 1 });
        return { success: true };
      }
      window.count++;
      return { success: window.count <= limit };
    },
  };
}

const fallbacks = new Map<string, Limiter>();

function limiterFor(env: Env, rule: Rule): Limiter {
  const bound = env[rule.binding];
  if (bound) return bound;
  let fallback = fallbacks.get(rule.binding);
  if (!fallback) {
    fallback = memoryLimiter(rule.limit, rule.period * 1000);
    fallbacks.set(rule.binding, fallback);
  }
  return fallback;
}

/** The caller's address as Cloudflare reports it; one shared key when running without Cloudflare in front. */
export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header('CF-Connecting-IP') ?? 'local';
}

/** Counts one request against `rule` for `key`; over the limit, a 429 with Retry-After. */
export async function enforceRateLimit(c: Context<AppEnv>, rule: Rule, key: string): Promise<void> {
  const { success } = await limiterFor(c.env, rule).limit({ key: `${rule.binding}:${key}` });
  if (success) return;
  c.header('Retry-After', String(rule.period));
  throw new ApiError(
    429,
    'rate_limited',
    `Too many ${rule.what}: at most ${rule.limit} per ${rule.period} s`,
    {
      retryAfterSeconds: rule.period,
    },
  );
}
