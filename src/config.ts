import type { Env } from './env.js';

/** The service's settings, parsed once from the environment. */
export interface Config {
  puzzleSalt: string;
  tokenSecret: string;
  adminToken: string;
  firstDay: string;
  daysAhead: number;
  development: boolean;
}

/** Safe for a laptop, useless in production: anyone can read them here, so deployments must override them. */
export const DEV_SECRETS = {
  PUZZLE_SALT: 'dev-puzzle-salt-not-for-production',
  TOKEN_SECRET: 'dev-token-secret-not-for-production',
  ADMIN_TOKEN: 'dev-admin-token-not-for-production',
} as const;

const SECRET_NAMES = ['PUZZLE_SALT', 'TOKEN_SECRET', 'ADMIN_TOKEN'] as const;
const MIN_SECRET_LENGTH = 16;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Throws ConfigError when a deployed Worker lacks its secrets or still uses the dev defaults. */
export function loadConfig(env: Env): Config {
  const development = (env.ENVIRONMENT ?? 'production') === 'development';
  const secrets = {} as Record<(typeof SECRET_NAMES)[number], string>;
  for (const name of SECRET_NAMES) {
    const value = env[name];
    if (development) {
      secrets[name] = value || DEV_SECRETS[name];
      continue;
    }
    if (!value || value.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`${name} must be set to at least ${MIN_SECRET_LENGTH} characters when deployed`);
    }
    if (value === DEV_SECRETS[name]) {
      throw new ConfigError(`${name} still has its development default; set a real secret`);
    }
    secrets[name] = value;
  }
  const firstDay = env.FIRST_DAY ?? '2026-01-01';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay)) throw new ConfigError('FIRST_DAY must be YYYY-MM-DD');
  const daysAhead = Number(env.DAYS_AHEAD ?? '2');
  if (!Number.isInteger(daysAhead) || daysAhead < 1 || daysAhead > 14) {
    throw new ConfigError('DAYS_AHEAD must be an integer from 1 to 14');
  }
  return {
    puzzleSalt: secrets.PUZZLE_SALT,
    tokenSecret: secrets.TOKEN_SECRET,
    adminToken: secrets.ADMIN_TOKEN,
    firstDay,
    daysAhead,
    development,
  };
}
