import type { TokenSecret } from './auth/signing-keys.js';
import type { Env } from './env.js';
import { SECRET_ADVICE, secretProblem } from './secret-strength.js';

/** The service's settings, parsed once from the environment. */
export interface Config {
  puzzleSalt: string;
  /** Signs player and start tokens; the previous secret still verifies them during a rotation. */
  tokenSecret: TokenSecret;
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

const REQUIRED_SECRETS = ['PUZZLE_SALT', 'TOKEN_SECRET', 'ADMIN_TOKEN'] as const;
type SecretName = (typeof REQUIRED_SECRETS)[number];

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
  const firstDay = env.FIRST_DAY ?? '2026-01-01';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay)) throw new ConfigError('FIRST_DAY must be YYYY-MM-DD');
  const daysAhead = Number(env.DAYS_AHEAD ?? '2');
  if (!Number.isInteger(daysAhead) || daysAhead < 1 || daysAhead > 14) {
    throw new ConfigError('DAYS_AHEAD must be an integer from 1 to 14');
  }
  return {
    puzzleSalt: secrets.PUZZLE_SALT,
    tokenSecret:
      previous === undefined
        ? { current: secrets.TOKEN_SECRET }
        : { current: secrets.TOKEN_SECRET, previous },
    adminToken: secrets.ADMIN_TOKEN,
    firstDay,
    daysAhead,
    development,
  };
}

function deployedSecret(name: string, value: string | undefined): string {
  const problem = secretProblem(value, Object.values(DEV_SECRETS));
  if (problem) {
    throw new ConfigError(
      `${name} ${problem}; ${SECRET_ADVICE} and set it with \`wrangler secret put ${name}\``,
    );
  }
  return value as string;
}
