import type { Context } from 'hono';
import type { Env, RateLimitBinding } from '../env.js';
import { addressKey } from './address-key.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

/** What the Workers Rate Limiting binding offers; the in-memory fallback offers the same. */
export interface Limiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export interface Rule {
  binding: RateLimitBinding;
  limit: number;
  /** Seconds; the binding accepts 10 or 60. */
  period: 10 | 60;
  what: string;
}

/**
 * Every limit, mirrored by the [[ratelimits]] blocks of wrangler.toml (the binding's own numbers win where
 * it runs; these drive the fallback) and by the table in README.md. Generous for people, tight for scripts:
 * a person plays a handful of puzzles a day from one or two devices, while a bot farming accounts, minting
 * start tokens, mapping hidden colours or guessing codes needs thousands of requests. Per-address limits
 * leave room for a household or a school behind one address; per-player limits are the tight ones. Rules
 * named `…PerIp` count the caller's address (`clientAddress`), `…PerPlayer` the verified player.
 */
export const RATE_LIMITS = {
  playerCreationPerIp: {
    binding: 'PLAYER_CREATION_LIMITER',
    limit: 10,
    period: 60,
    what: 'new players from one address',
  },
  puzzleStartPerPlayer: {
    binding: 'PUZZLE_START_PLAYER_LIMITER',
    limit: 60,
    period: 60,
    what: 'puzzle fetches with a player token by one player',
  },
  puzzleStartPerIp: {
    binding: 'PUZZLE_START_IP_LIMITER',
    limit: 300,
    period: 60,
    what: 'puzzle fetches with a player token from one address',
  },
  revealPerPlayer: {
    binding: 'REVEAL_PLAYER_LIMITER',
    limit: 120,
    period: 60,
    what: 'reveals by one player',
  },
  revealPerIp: {
    binding: 'REVEAL_IP_LIMITER',
    limit: 300,
    period: 60,
    what: 'reveals from one address',
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
  renamePerPlayer: {
    binding: 'RENAME_PLAYER_LIMITER',
    limit: 5,
    period: 60,
    what: 'renames by one player',
  },
  renamePerIp: {
    binding: 'RENAME_IP_LIMITER',
    limit: 30,
    period: 60,
    what: 'renames from one address',
  },
  linkCodeCreationPerPlayer: {
    binding: 'LINK_CODE_CREATION_PLAYER_LIMITER',
    limit: 5,
    period: 60,
    what: 'link codes made by one player',
  },
  linkCodeCreationPerIp: {
    binding: 'LINK_CODE_CREATION_IP_LIMITER',
    limit: 20,
    period: 60,
    what: 'link codes made from one address',
  },
  linkCodeRedemptionPerIp: {
    binding: 'LINK_CODE_REDEMPTION_IP_LIMITER',
    limit: 10,
    period: 60,
    what: 'link-code redemptions from one address',
  },
  adminFailuresPerIp: {
    binding: 'ADMIN_FAILURE_LIMITER',
    limit: 10,
    period: 60,
    what: 'failed admin authentications from one address',
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

/**
 * The caller's address as the limits count it (an IPv4 address, or the /64 of an IPv6 one), from the
 * address Cloudflare reports; one shared key when running without Cloudflare in front.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const address = c.req.header('CF-Connecting-IP');
  return address === undefined ? 'local' : addressKey(address);
}

/** Counts one request against `rule` for `key`; whether it is still within the limit. */
export async function withinLimit(c: Context<AppEnv>, rule: Rule, key: string): Promise<boolean> {
  const { success } = await limiterFor(c.env, rule).limit({ key: `${rule.binding}:${key}` });
  return success;
}

export function tooManyRequests(c: Context<AppEnv>, what: string, retryAfterSeconds: number): ApiError {
  c.header('Retry-After', String(retryAfterSeconds));
  return new ApiError(429, 'rate_limited', `Too many ${what}`, { retryAfterSeconds });
}

/** Counts one request against `rule` for `key`; over the limit, a 429 with Retry-After. */
export async function enforceRateLimit(c: Context<AppEnv>, rule: Rule, key: string): Promise<void> {
  if (await withinLimit(c, rule, key)) return;
  throw tooManyRequests(c, `${rule.what}: at most ${rule.limit} per ${rule.period} s`, rule.period);
}
