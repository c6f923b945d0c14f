import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { ConfigError, DEV_SECRETS, loadConfig } from '../src/config.js';

const realSecrets = {
  PUZZLE_SALT: 'a-real-salt-of-enough-length',
  TOKEN_SECRET: 'a-real-token-secret-of-length',
  ADMIN_TOKEN: 'a-real-admin-token-of-length',
};

describe('configuration', () => {
  it('uses the built-in dev secrets in development', () => {
    const config = loadConfig({ DB: env.DB, ENVIRONMENT: 'development' });
    expect(config.puzzleSalt).toBe(DEV_SECRETS.PUZZLE_SALT);
    expect(config.development).toBe(true);
  });

  it('refuses to run deployed without secrets', () => {
    expect(() => loadConfig({ DB: env.DB, ENVIRONMENT: 'production' })).toThrow(ConfigError);
  });

  it('refuses to run deployed with a dev default secret', () => {
    expect(() =>
      loadConfig({
        DB: env.DB,
        ENVIRONMENT: 'production',
        ...realSecrets,
        TOKEN_SECRET: DEV_SECRETS.TOKEN_SECRET,
      }),
    ).toThrow(/TOKEN_SECRET still has its development default/);
  });

  it('treats a missing ENVIRONMENT as deployed', () => {
    expect(() => loadConfig({ DB: env.DB })).toThrow(ConfigError);
    expect(loadConfig({ DB: env.DB, ...realSecrets }).development).toBe(false);
  });

  it('answers 503 with a JSON error, not a 500, when deployed without its secrets', async () => {
    const app = createApp();
    const res = await app.request('/v1/health', {}, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'misconfigured' } });
  });
});
