import type { IdTokenSettings } from './auth/id-token.js';
import { type OperatorKey, parseOperatorKeys } from './auth/operator-keys.js';
import type { TokenSecret } from './auth/signing-keys.js';
import { MAX_BOARD_SHARDS } from './daily/board-shards.js';
import type { Env } from './env.js';
import { BROWSER_PUSH_HOSTS, type PushHosts, parsePushHosts } from './push/push-hosts.js';
import {
  VAPID_ADVICE,
  type VapidKeys,
  vapidPrivateKeyProblem,
  vapidPublicKeyProblem,
  vapidSubjectProblem,
} from './push/vapid-keys.js';
import { SECRET_ADVICE, secretProblem } from './secret-strength.js';

/** The service's settings, parsed once from the environment. */
export interface Config {
  puzzleSalt: string;
  /** Signs player and start tokens; the previous secret still verifies them during a rotation. */
  tokenSecret: TokenSecret;
  adminToken: string;
  /** Signs streak reminders towards push services (VAPID, RFC 8292). */
  vapid: VapidKeys;
  /** The push services a subscription may name (src/push/push-hosts.ts). */
  pushHosts: PushHosts;
  /** The keys of PUT /v1/operator/players/{externalId}; none when OPERATOR_KEYS is unset. */
  operatorKeys: readonly OperatorKey[];
  /** Whose id tokens POST /v1/players/session takes; null when no identity provider is configured. */
  idTokens: IdTokenSettings | null;
  firstDay: string;
  daysAhead: number;
  /** K, the board shards each new puzzle is made with (`board_shards`; SCALING.md, step 4, says how to choose it). */
  boardShards: number;
  development: boolean;
}

/** Safe for a laptop, useless in production: anyone can read them here, so deployments must override them. */
export const DEV_SECRETS = {
  PUZZLE_SALT: 'dev-puzzle-salt-not-for-production',
  TOKEN_SECRET: 'dev-token-secret-not-for-production',
  ADMIN_TOKEN: 'dev-admin-token-not-for-production',
} as const;

/** The operator key `npm start` accepts (as `dev:<key>`); a deployment refuses it. */
export const DEV_OPERATOR_KEY = 'dev-operator-key-not-for-production';

/** The identity provider `npm start` trusts, HS256 with a published secret; a deployment refuses the secret. */
export const DEV_ID_TOKENS = {
  issuer: 'dev-issuer',
  audience: 'daily-puzzles',
  secret: 'dev-jwt-secret-not-for-production',
} as const;

/** Every value published in the source, none of which may protect a deployment. */
const PUBLISHED = [...Object.values(DEV_SECRETS), DEV_OPERATOR_KEY, DEV_ID_TOKENS.secret];

/**
 * The development VAPID pair and contact: published here, so a deployment refuses the private key. Browsers
 * on a laptop subscribe with this public key.
 */
export const DEV_VAPID: VapidKeys = {
  publicKey: 'BIW7xIU4R2ZYpN9Le4kJwXpD4wHT5tOYgOZfLFi_L8QnDZmhnzU9dwSSsF2E9rWrkuTdFsYAvaf2LAWqE6LPG8w',
  privateKey: 'd73SLhVLZAKfYgr_mtUesHpab7bZSIoIeZaMqtPr00k',
  subject: 'mailto:reminders@daily-puzzles.invalid',
};

const REQUIRED_SECRETS = ['PUZZLE_SALT', 'TOKEN_SECRET', 'ADMIN_TOKEN'] as const;
type SecretName = (typeof REQUIRED_SECRETS)[number];

/** The secrets a deployment cannot run without (`npm run deploy` checks they are set before deploying). */
export const DEPLOYED_SECRETS = [...REQUIRED_SECRETS, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Throws ConfigError when a deployed Worker lacks its secrets or has weak ones. Anything but an explicit
 * `ENVIRONMENT = "development"` is a deployment: only the local commands ask for development.
 */
export function loadConfig(env: Env): Config {
  const development = env.ENVIRONMENT === 'development';
  const secrets = {} as Record<SecretName, string>;
  for (const name of REQUIRED_SECRETS) {
    secrets[name] = development ? env[name] || DEV_SECRETS[name] : deployedSecret(name, env[name]);
  }
  const previous = env.TOKEN_SECRET_PREVIOUS || undefined;
  if (previous !== undefined && !development) deployedSecret('TOKEN_SECRET_PREVIOUS', previous);
  const vapid = development ? developmentVapid(env) : deployedVapid(env);
  const pushHosts = pushHostsOf(env, development);
  const operatorKeys = operatorKeysOf(env, development);
  const idTokens = idTokensOf(env, development);
  const firstDay = env.FIRST_DAY ?? '2026-01-01';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay)) throw new ConfigError('FIRST_DAY must be YYYY-MM-DD');
  const daysAhead = Number(env.DAYS_AHEAD ?? '2');
  if (!Number.isInteger(daysAhead) || daysAhead < 1 || daysAhead > 14) {
    throw new ConfigError('DAYS_AHEAD must be an integer from 1 to 14');
  }
  const boardShards = Number(env.BOARD_SHARDS ?? '1');
  if (!Number.isInteger(boardShards) || boardShards < 1 || boardShards > MAX_BOARD_SHARDS) {
    throw new ConfigError(`BOARD_SHARDS must be an integer from 1 to ${MAX_BOARD_SHARDS}`);
  }
  return {
    puzzleSalt: secrets.PUZZLE_SALT,
    tokenSecret:
      previous === undefined
        ? { current: secrets.TOKEN_SECRET }
        : { current: secrets.TOKEN_SECRET, previous },
    adminToken: secrets.ADMIN_TOKEN,
    vapid,
    pushHosts,
    operatorKeys,
    idTokens,
    firstDay,
    daysAhead,
    boardShards,
    development,
  };
}

/** `what` names the value in the refusal when it is part of the secret `name` (one key of a list). */
function deployedSecret(name: string, value: string | undefined, what = name): string {
  const problem = secretProblem(value, PUBLISHED);
  if (problem) {
    throw new ConfigError(
      `${what} ${problem}; ${SECRET_ADVICE} and set it with \`wrangler secret put ${name}\``,
    );
  }
  return value as string;
}

/** As set; unset, the development key in development and none in a deployment (no operator routes). */
function operatorKeysOf(env: Env, development: boolean): OperatorKey[] {
  if (development && !env.OPERATOR_KEYS) return [{ name: 'dev', key: DEV_OPERATOR_KEY }];
  const keys = parseOperatorKeys(env.OPERATOR_KEYS);
  if (typeof keys === 'string') throw new ConfigError(`OPERATOR_KEYS ${keys}`);
  if (!development) {
    for (const { name, key } of keys) deployedSecret('OPERATOR_KEYS', key, `OPERATOR_KEYS' key "${name}"`);
  }
  return keys;
}

/**
 * As set: an issuer, an audience and at least one of JWT_JWKS_URL (https) and JWT_SECRET; none of them
 * set is no sign-in. Development fills in the built-in HS256 provider wherever a value is unset.
 */
function idTokensOf(env: Env, development: boolean): IdTokenSettings | null {
  const given = {
    issuer: env.JWT_ISSUER || null,
    audience: env.JWT_AUDIENCE || null,
    jwksUrl: env.JWT_JWKS_URL || null,
    secret: env.JWT_SECRET || null,
  };
  if (development) {
    return {
      issuer: given.issuer ?? DEV_ID_TOKENS.issuer,
      audience: given.audience ?? DEV_ID_TOKENS.audience,
      jwksUrl: given.jwksUrl,
      secret: given.secret ?? DEV_ID_TOKENS.secret,
    };
  }
  if (Object.values(given).every((v) => v === null)) return null;
  const { issuer, audience, jwksUrl, secret } = given;
  if (issuer === null || audience === null || (jwksUrl === null && secret === null)) {
    throw new ConfigError(
      'Sign-in with id tokens needs JWT_ISSUER, JWT_AUDIENCE and JWT_JWKS_URL or JWT_SECRET (or none of them)',
    );
  }
  if (jwksUrl !== null && !/^https:\/\/[^\s/]+/.test(jwksUrl)) {
    throw new ConfigError('JWT_JWKS_URL must be an https: URL, e.g. https://your-idp/.well-known/jwks.json');
  }
  if (secret !== null) deployedSecret('JWT_SECRET', secret);
  return { issuer, audience, jwksUrl, secret };
}

/** Development takes the built-in pair unless both keys are given (a pair is only ever changed whole). */
/** As set; unset, any host in development (its push services are local) and browsers' services in a deployment. */
function pushHostsOf(env: Env, development: boolean): PushHosts {
  if (env.PUSH_SERVICE_HOSTS === undefined || env.PUSH_SERVICE_HOSTS === '') {
    return development ? 'any' : BROWSER_PUSH_HOSTS;
  }
  const hosts = parsePushHosts(env.PUSH_SERVICE_HOSTS);
  if (hosts === null) {
    throw new ConfigError(
      'PUSH_SERVICE_HOSTS must be `*` or comma-separated host names, e.g. "fcm.googleapis.com"',
    );
  }
  return hosts;
}

function developmentVapid(env: Env): VapidKeys {
  const own = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY;
  return {
    publicKey: own ? (env.VAPID_PUBLIC_KEY as string) : DEV_VAPID.publicKey,
    privateKey: own ? (env.VAPID_PRIVATE_KEY as string) : DEV_VAPID.privateKey,
    subject: env.VAPID_SUBJECT || DEV_VAPID.subject,
  };
}

function deployedVapid(env: Env): VapidKeys {
  const problems: [string, string | null][] = [
    ['VAPID_PUBLIC_KEY', vapidPublicKeyProblem(env.VAPID_PUBLIC_KEY)],
    ['VAPID_PRIVATE_KEY', vapidPrivateKeyProblem(env.VAPID_PRIVATE_KEY, [DEV_VAPID.privateKey])],
  ];
  for (const [name, problem] of problems) {
    if (problem) {
      throw new ConfigError(
        `${name} ${problem}; ${VAPID_ADVICE} and set it with \`wrangler secret put ${name}\``,
      );
    }
  }
  const subject = vapidSubjectProblem(env.VAPID_SUBJECT);
  if (subject) {
    throw new ConfigError(
      `VAPID_SUBJECT ${subject}; set it (a var in wrangler.toml, or a secret) to where push services can reach you, e.g. mailto:you@your-domain`,
    );
  }
  return {
    publicKey: env.VAPID_PUBLIC_KEY as string,
    privateKey: env.VAPID_PRIVATE_KEY as string,
    subject: env.VAPID_SUBJECT as string,
  };
}
