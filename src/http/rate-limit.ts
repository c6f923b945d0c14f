import type { Env, RateLimitBinding } from '../env.js';
import { addressKey, networkKey } from './address-key.js';
import type { RequestContext } from './context.js';
import { ApiError } from './errors.js';

/** What the Workers Rate Limiting binding offers; the in-memory fallback offers the same. */
export interface Limiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

interface Counted {
  binding: RateLimitBinding;
  limit: number;
}

/** A limit per verified player. */
export interface PlayerRule extends Counted {
  per: 'player';
  /** Seconds; the binding accepts 10 or 60. */
  period: 10 | 60;
  what: string;
}

/**
 * A limit per address (an IPv4 address, an IPv6 /64) and, with its own binding and a larger allowance over
 * the same period, per network (the address's IPv4 /24 or IPv6 /48): a caller holding a block of addresses
 * gets one network's allowance, not one per address.
 */
export interface AddressRule extends Counted {
  per: 'address';
  period: 10 | 60;
  what: string;
  network: Counted;
}

export type Rule = PlayerRule | AddressRule;

/**
 * Every limit, mirrored by the [[ratelimits]] blocks of wrangler.toml (the binding's own numbers win where
 * it runs; these drive the fallback) and by the table in README.md. Generous for people, tight for scripts:
 * a person plays a handful of puzzles a day from one or two devices, while a bot farming accounts, minting
 * start tokens, mapping hidden colours or guessing codes needs thousands of requests. Per-address limits
 * leave room for a household or a school behind one address, and their network aggregates (about ten times
 * as much) for a school or an office network behind one /24 or /48; per-player limits are the tight ones.
 * Rules named `…PerIp` count the caller's address and network (`clientAddress`), `…PerPlayer` the verified
 * player.
 */
export const RATE_LIMITS = {
  playerCreationPerIp: {
    per: 'address',
    binding: 'PLAYER_CREATION_LIMITER',
    limit: 10,
    period: 60,
    what: 'new players',
    network: { binding: 'PLAYER_CREATION_NETWORK_LIMITER', limit: 100 },
  },
  puzzleStartPerPlayer: {
    per: 'player',
    binding: 'PUZZLE_START_PLAYER_LIMITER',
    limit: 60,
    period: 60,
    what: 'puzzle fetches with a player token by one player',
  },
  puzzleStartPerIp: {
    per: 'address',
    binding: 'PUZZLE_START_IP_LIMITER',
    limit: 300,
    period: 60,
    what: 'puzzle fetches with a player token',
    network: { binding: 'PUZZLE_START_NETWORK_LIMITER', limit: 3000 },
  },
  revealPerPlayer: {
    per: 'player',
    binding: 'REVEAL_PLAYER_LIMITER',
    limit: 120,
    period: 60,
    what: 'reveals by one player',
  },
  revealPerIp: {
    per: 'address',
    binding: 'REVEAL_IP_LIMITER',
    limit: 300,
    period: 60,
    what: 'reveals',
    network: { binding: 'REVEAL_NETWORK_LIMITER', limit: 3000 },
  },
  hintPerIp: {
    per: 'address',
    binding: 'HINT_IP_LIMITER',
    limit: 60,
    period: 60,
    what: 'hints',
    network: { binding: 'HINT_NETWORK_LIMITER', limit: 600 },
  },
  submissionPerPlayer: {
    per: 'player',
    binding: 'SUBMISSION_PLAYER_LIMITER',
    limit: 30,
    period: 60,
    what: 'submissions by one player',
  },
  submissionPerIp: {
    per: 'address',
    binding: 'SUBMISSION_IP_LIMITER',
    limit: 300,
    period: 60,
    what: 'submissions',
    network: { binding: 'SUBMISSION_NETWORK_LIMITER', limit: 3000 },
  },
  renamePerPlayer: {
    per: 'player',
    binding: 'RENAME_PLAYER_LIMITER',
    limit: 5,
    period: 60,
    what: 'renames by one player',
  },
  renamePerIp: {
    per: 'address',
    binding: 'RENAME_IP_LIMITER',
    limit: 30,
    period: 60,
    what: 'renames',
    network: { binding: 'RENAME_NETWORK_LIMITER', limit: 300 },
  },
  linkCodeCreationPerPlayer: {
    per: 'player',
    binding: 'LINK_CODE_CREATION_PLAYER_LIMITER',
    limit: 5,
    period: 60,
    what: 'link codes made by one player',
  },
  linkCodeCreationPerIp: {
    per: 'address',
    binding: 'LINK_CODE_CREATION_IP_LIMITER',
    limit: 20,
    period: 60,
    what: 'link codes made',
    network: { binding: 'LINK_CODE_CREATION_NETWORK_LIMITER', limit: 200 },
  },
  // Redemption has no player to count (the device has no token yet); a player's redemptions are bounded
  // by the codes it may make (linkCodeCreationPerPlayer), each single-use.
  linkCodeRedemptionPerIp: {
    per: 'address',
    binding: 'LINK_CODE_REDEMPTION_IP_LIMITER',
    limit: 10,
    period: 60,
    what: 'link-code redemptions',
    network: { binding: 'LINK_CODE_REDEMPTION_NETWORK_LIMITER', limit: 50 },
  },
  groupJoinPerPlayer: {
    per: 'player',
    binding: 'GROUP_JOIN_PLAYER_LIMITER',
    limit: 10,
    period: 60,
    what: 'group joins by one player',
  },
  groupJoinPerIp: {
    per: 'address',
    binding: 'GROUP_JOIN_IP_LIMITER',
    limit: 30,
    period: 60,
    what: 'group joins',
    network: { binding: 'GROUP_JOIN_NETWORK_LIMITER', limit: 100 },
  },
  followPerPlayer: {
    per: 'player',
    binding: 'FOLLOW_PLAYER_LIMITER',
    limit: 30,
    period: 60,
    what: 'follows by one player',
  },
  followPerIp: {
    per: 'address',
    binding: 'FOLLOW_IP_LIMITER',
    limit: 120,
    period: 60,
    what: 'follows',
    network: { binding: 'FOLLOW_NETWORK_LIMITER', limit: 600 },
  },
  feedbackPerPlayer: {
    per: 'player',
    binding: 'FEEDBACK_PLAYER_LIMITER',
    limit: 10,
    period: 60,
    what: 'votes and reports by one player',
  },
  feedbackPerIp: {
    per: 'address',
    binding: 'FEEDBACK_IP_LIMITER',
    limit: 60,
    period: 60,
    what: 'votes and reports',
    network: { binding: 'FEEDBACK_NETWORK_LIMITER', limit: 600 },
  },
  // A share renders a card image on its first view: CPU worth bounding per player and per address.
  shareCreationPerPlayer: {
    per: 'player',
    binding: 'SHARE_PLAYER_LIMITER',
    limit: 10,
    period: 60,
    what: 'shares made by one player',
  },
  shareCreationPerIp: {
    per: 'address',
    binding: 'SHARE_IP_LIMITER',
    limit: 30,
    period: 60,
    what: 'shares made',
    network: { binding: 'SHARE_NETWORK_LIMITER', limit: 300 },
  },
  adminFailuresPerIp: {
    per: 'address',
    binding: 'ADMIN_FAILURE_LIMITER',
    limit: 10,
    period: 60,
    what: 'failed admin authentications',
    network: { binding: 'ADMIN_FAILURE_NETWORK_LIMITER', limit: 30 },
  },
} as const satisfies Record<string, Rule>;

/** Every binding the rules count with (each rule's own, and each address rule's network one), and its numbers. */
export function rateLimitBindings(): { binding: RateLimitBinding; limit: number; period: number }[] {
  return Object.values<Rule>(RATE_LIMITS).flatMap((rule) => [
    { binding: rule.binding, limit: rule.limit, period: rule.period },
    ...(rule.per === 'address'
      ? [{ binding: rule.network.binding, limit: rule.network.limit, period: rule.period }]
      : []),
  ]);
}

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

function limiterFor(env: Env, counted: Counted, period: number): Limiter {
  const bound = env[counted.binding];
  if (bound) return bound;
  let fallback = fallbacks.get(counted.binding);
  if (!fallback) {
    fallback = memoryLimiter(counted.limit, period * 1000);
    fallbacks.set(counted.binding, fallback);
  }
  return fallback;
}

/** Who a request comes from, as the address rules count it. */
export interface ClientAddress {
  /** An IPv4 address, or the /64 of an IPv6 one. */
  address: string;
  /** The address's IPv4 /24 or IPv6 /48. */
  network: string;
}

/**
 * The caller's address and network as the limits count them, from the address Cloudflare reports; one
 * shared key when running without Cloudflare in front.
 */
export function clientAddress(c: RequestContext): ClientAddress {
  const reported = c.req.header('CF-Connecting-IP');
  if (reported === undefined) return { address: 'local', network: 'local' };
  return { address: addressKey(reported), network: networkKey(reported) };
}

async function counts(c: RequestContext, counted: Counted, period: number, key: string): Promise<boolean> {
  const { success } = await limiterFor(c.env, counted, period).limit({ key: `${counted.binding}:${key}` });
  return success;
}

/**
 * Counts one request against an address rule: for the address, and when the address is within its limit for
 * its network too (so that one address over its own limit does not use up its neighbours' allowance). Which
 * of the two is over its limit, or null when neither is.
 */
export async function overAddressLimit(
  c: RequestContext,
  rule: AddressRule,
  from: ClientAddress,
): Promise<'address' | 'network' | null> {
  if (!(await counts(c, rule, rule.period, from.address))) return 'address';
  return (await counts(c, rule.network, rule.period, from.network)) ? null : 'network';
}

export function tooManyRequests(c: RequestContext, what: string, retryAfterSeconds: number): ApiError {
  c.header('Retry-After', String(retryAfterSeconds));
  return new ApiError(429, 'rate_limited', `Too many ${what}`, { retryAfterSeconds });
}

/** Counts one request against `rule` for the player or the address; over a limit, a 429 with Retry-After. */
export async function enforceRateLimit(c: RequestContext, rule: PlayerRule, playerId: string): Promise<void>;
export async function enforceRateLimit(
  c: RequestContext,
  rule: AddressRule,
  from: ClientAddress,
): Promise<void>;
export async function enforceRateLimit(
  c: RequestContext,
  rule: Rule,
  key: string | ClientAddress,
): Promise<void> {
  if (rule.per === 'player' && typeof key === 'string') return enforcePlayerLimit(c, rule, key);
  if (rule.per === 'address' && typeof key !== 'string') return enforceAddressLimit(c, rule, key);
  throw new TypeError(`${rule.binding}: a player rule counts a player id, an address rule a client address`);
}

async function enforcePlayerLimit(c: RequestContext, rule: PlayerRule, playerId: string): Promise<void> {
  if (await counts(c, rule, rule.period, playerId)) return;
  throw tooManyRequests(c, `${rule.what}: at most ${rule.limit} per ${rule.period} s`, rule.period);
}

async function enforceAddressLimit(c: RequestContext, rule: AddressRule, from: ClientAddress): Promise<void> {
  const over = await overAddressLimit(c, rule, from);
  if (over === null) return;
  const [where, limit] =
    over === 'address'
      ? ['one address', rule.limit]
      : ['one network (an IPv4 /24 or an IPv6 /48)', rule.network.limit];
  throw tooManyRequests(c, `${rule.what} from ${where}: at most ${limit} per ${rule.period} s`, rule.period);
}
