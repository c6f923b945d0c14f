import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { ConfigError, DEV_SECRETS, DEV_VAPID, loadConfig } from '../src/config.js';
import { HealthSchema } from '../src/contract/health.js';
import { MAX_BOARD_SHARDS } from '../src/daily/board-shards.js';
import type { Env } from '../src/env.js';
import worker from '../src/index.js';
import { BROWSER_PUSH_HOSTS } from '../src/push/push-hosts.js';
import { MIN_DISTINCT_KEY_BYTES } from '../src/push/vapid-keys.js';
import { MIN_DISTINCT_CHARACTERS, MIN_SECRET_LENGTH } from '../src/secret-strength.js';
import { createServices } from '../src/services.js';
import { COMMITTED, EXAMPLE_SECRETS } from './support/committed-config.js';
import { bodyOf } from './support/json.js';
import { DEPLOYED_VAPID, OTHER_PRIVATE_KEY } from './support/vapid.js';

/** 64 random hex characters, as `openssl rand -hex 32` prints. */
/**
 * 32 random bytes in base64url (43 characters). Hex would draw from 16 characters only: a 32-character
 * slice of it then has fewer than the 12 different characters loadConfig asks for about once in 60 runs.
 */
function randomSecret(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const strongSecrets = {
  PUZZLE_SALT: randomSecret(),
  TOKEN_SECRET: randomSecret(),
  ADMIN_TOKEN: randomSecret(),
  ...DEPLOYED_VAPID,
};

/** The environment `wrangler deploy` gives the committed configuration, plus `extra`. */
function committedEnv(extra: Partial<Env> = {}): Env {
  return { DB: env.DB, ...COMMITTED.vars, ...extra };
}

async function send(environment: Env, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://puzzles.test${path}`, init), environment, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('the committed configuration', () => {
  it('is a deployment: wrangler.toml sets ENVIRONMENT to production', () => {
    expect(COMMITTED.vars.ENVIRONMENT).toBe('production');
  });

  it('is refused without secrets', () => {
    expect(() => loadConfig(committedEnv())).toThrow(/PUZZLE_SALT is not set/);
  });

  it('refuses each built-in development secret', () => {
    for (const [name, value] of Object.entries(DEV_SECRETS)) {
      expect(() => loadConfig(committedEnv({ ...strongSecrets, [name]: value })), name).toThrow(
        new RegExp(`${name} is a development default`),
      );
    }
  });

  it('refuses each placeholder of .dev.vars.example', () => {
    const names = ['PUZZLE_SALT', 'TOKEN_SECRET', 'ADMIN_TOKEN', 'TOKEN_SECRET_PREVIOUS'];
    expect(Object.keys(EXAMPLE_SECRETS).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(
        () => loadConfig(committedEnv({ ...strongSecrets, [name]: EXAMPLE_SECRETS[name] })),
        name,
      ).toThrow(new RegExp(`${name} looks like a placeholder`));
    }
  });

  it('serves once strong secrets are set', () => {
    const config = loadConfig(committedEnv(strongSecrets));
    expect(config.development).toBe(false);
    expect(config.tokenSecret).toEqual({ current: strongSecrets.TOKEN_SECRET });
  });
});

describe('a Worker started from the committed configuration with its secrets', () => {
  it("hides the test clock: its routes are the app's 404, the owner's own token included, and nothing moves", async () => {
    const deployed = committedEnv(strongSecrets);
    const owner = {
      Authorization: `Bearer ${strongSecrets.ADMIN_TOKEN}`,
      'content-type': 'application/json',
    };
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const init of [
      { headers: owner },
      { method: 'PUT', headers: owner, body: JSON.stringify({ now: tomorrow }) },
      { method: 'DELETE', headers: owner },
    ]) {
      const res = await send(deployed, '/v1/admin/clock', init);
      expect(res.status, init.method ?? 'GET').toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const health = await bodyOf(await send(deployed, '/v1/health'), HealthSchema);
    expect(Math.abs(Date.parse(health.time) - Date.now())).toBeLessThan(60_000);
  });
});

describe('a Worker started from the committed configuration without its secrets', () => {
  it('answers every API route with 503 misconfigured, the admin ones with the dev token included', async () => {
    const requests: [string, RequestInit?][] = [
      ['/v1/health'],
      ['/v1/puzzles/today'],
      ['/v1/puzzles/2026-11-29/sudoku/easy'],
      ['/v1/players', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['/v1/admin/generation-runs', { headers: { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` } }],
    ];
    for (const [path, init] of requests) {
      const res = await send(committedEnv(), path, init);
      expect(res.status, path).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'misconfigured' } });
    }
  });

  it('creates no player and generates no puzzle, from a request or from the cron', async () => {
    const count = async (table: string) =>
      (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;
    const before = { players: await count('players'), puzzles: await count('puzzles') };
    await send(committedEnv(), '/v1/players', { method: 'POST', body: '{}' });
    await send(committedEnv(), '/v1/puzzles/today');
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: '5 0 * * *' });
    await expect(worker.scheduled(controller, committedEnv())).rejects.toThrow(ConfigError);
    expect({ players: await count('players'), puzzles: await count('puzzles') }).toEqual(before);
  });

  it('never names a secret value in the error it logs', () => {
    const weak = 'short-but-secret';
    let refusal = '';
    try {
      loadConfig(committedEnv({ ...strongSecrets, ADMIN_TOKEN: weak }));
    } catch (error) {
      refusal = String(error);
    }
    expect(refusal).toMatch(/ADMIN_TOKEN is shorter than 32 characters/);
    expect(refusal).not.toContain(weak);
  });
});

describe('secrets of a deployment', () => {
  const deployed = (overrides: Partial<Env>) => () =>
    loadConfig({ DB: env.DB, ENVIRONMENT: 'production', ...strongSecrets, ...overrides });

  it(`are refused below ${MIN_SECRET_LENGTH} characters and accepted from there`, () => {
    const long = randomSecret();
    expect(deployed({ TOKEN_SECRET: long.slice(0, MIN_SECRET_LENGTH - 1) })).toThrow(
      /TOKEN_SECRET is shorter than 32 characters/,
    );
    expect(deployed({ TOKEN_SECRET: long.slice(0, MIN_SECRET_LENGTH) })).not.toThrow();
  });

  it('are refused when they look like placeholders, whatever the letter case', () => {
    for (const mark of ['change-me', 'CHANGEME', 'Placeholder', 'example', '-xxx-', '_XXXX.', 'your-']) {
      const value = `${randomSecret().slice(0, 20)}${mark}${randomSecret().slice(0, 20)}`;
      expect(deployed({ PUZZLE_SALT: value }), mark).toThrow(/PUZZLE_SALT looks like a placeholder/);
    }
  });

  it('are taken when random base64 happens to hold three x in a row, in either case', () => {
    for (const run of ['xxx', 'XxX', 'xXxx']) {
      const value = `${randomSecret().slice(0, 20)}${run}${randomSecret().slice(0, 20)}`;
      expect(() => loadConfig(committedEnv({ ...strongSecrets, PUZZLE_SALT: value })), run).not.toThrow();
    }
  });

  it('are refused when they are one character repeated', () => {
    expect(deployed({ ADMIN_TOKEN: 'a'.repeat(64) })).toThrow(/ADMIN_TOKEN is one character repeated/);
  });

  it(`are refused with fewer than ${MIN_DISTINCT_CHARACTERS} different characters and accepted from there`, () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz';
    /** 40 characters: the first `distinct` letters, then more of them in no repeating order. */
    const withDistinct = (distinct: number) =>
      alphabet.slice(0, distinct) +
      Array.from(
        { length: 40 - distinct },
        (_, i) => alphabet[(7 * i * i + 3 * i + (i >> 2)) % distinct],
      ).join('');
    const below = withDistinct(MIN_DISTINCT_CHARACTERS - 1);
    expect(new Set(below).size).toBe(MIN_DISTINCT_CHARACTERS - 1);
    expect(deployed({ TOKEN_SECRET: below })).toThrow(
      /TOKEN_SECRET holds only 11 different characters \(at least 12 needed\)/,
    );
    for (const distinct of [MIN_DISTINCT_CHARACTERS, MIN_DISTINCT_CHARACTERS + 1]) {
      const value = withDistinct(distinct);
      expect(new Set(value).size).toBe(distinct);
      expect(deployed({ TOKEN_SECRET: value }), value).not.toThrow();
    }
  });

  it('are refused with the attack examples: abab…, password1234 repeated, 32 characters each or more', () => {
    for (const weak of ['ab'.repeat(16), 'password1234'.repeat(3), `${'password1234'.repeat(2)}password`]) {
      expect(weak.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
      expect(deployed({ ADMIN_TOKEN: weak }), weak).toThrow(
        /ADMIN_TOKEN holds only \d+ different characters/,
      );
    }
  });

  it('are refused when they repeat a pattern, however many different characters it holds', () => {
    const pattern = 'Kq7mZ2vX9pLw4RtN';
    for (const weak of [pattern.repeat(2), `${pattern.repeat(2)}Kq7m`, 'abcdefghijklm'.repeat(3)]) {
      expect(deployed({ PUZZLE_SALT: weak }), weak).toThrow(
        /PUZZLE_SALT repeats a pattern of \d+ characters/,
      );
    }
    expect(deployed({ PUZZLE_SALT: `${pattern.repeat(2)}x` })).not.toThrow();
  });

  it('say in every refusal how to make a good one', () => {
    for (const weak of ['short', 'ab'.repeat(16), 'Kq7mZ2vX9pLw4RtN'.repeat(2)]) {
      expect(deployed({ ADMIN_TOKEN: weak }), weak).toThrow(
        /make a random one with `openssl rand -base64 32`/,
      );
    }
  });

  it('are accepted as `openssl rand -base64 32` and `openssl rand -hex 32` print them', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const base64 = btoa(String.fromCharCode(...bytes));
    expect(base64).toHaveLength(44);
    expect(deployed({ TOKEN_SECRET: base64 })).not.toThrow();
    expect(deployed({ TOKEN_SECRET: randomSecret() })).not.toThrow();
  });

  it('take TOKEN_SECRET_PREVIOUS when set, checked like the others', () => {
    const previous = randomSecret();
    expect(deployed({ TOKEN_SECRET_PREVIOUS: previous })().tokenSecret).toEqual({
      current: strongSecrets.TOKEN_SECRET,
      previous,
    });
    expect(deployed({ TOKEN_SECRET_PREVIOUS: DEV_SECRETS.TOKEN_SECRET })).toThrow(
      /TOKEN_SECRET_PREVIOUS is a development default/,
    );
    expect(deployed({ TOKEN_SECRET_PREVIOUS: 'too-short' })).toThrow(/TOKEN_SECRET_PREVIOUS is shorter/);
  });
});

describe('the environment', () => {
  it('uses the built-in dev secrets in development', () => {
    const config = loadConfig({ DB: env.DB, ENVIRONMENT: 'development' });
    expect(config.puzzleSalt).toBe(DEV_SECRETS.PUZZLE_SALT);
    expect(config.development).toBe(true);
  });

  it('is a deployment for anything but exactly "development", or when missing', () => {
    for (const environment of [undefined, '', 'production', 'staging', 'Development', 'dev']) {
      expect(() => loadConfig({ DB: env.DB, ENVIRONMENT: environment }), String(environment)).toThrow(
        ConfigError,
      );
    }
  });

  it('answers 503 with a JSON error, not a 500, when deployed without its secrets', async () => {
    const res = await createApp().request('/v1/health', {}, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'misconfigured' } });
  });
});

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('the VAPID keys of a deployment', () => {
  const deployed = (overrides: Partial<Env>) => () =>
    loadConfig({ DB: env.DB, ENVIRONMENT: 'production', ...strongSecrets, ...overrides });

  it('are refused at start when any of the two keys or the subject is missing', () => {
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']) {
      expect(deployed({ [name]: undefined }), name).toThrow(new RegExp(`${name} is not set`));
    }
  });

  it('refuse the development pair published in the source', () => {
    expect(
      deployed({ VAPID_PUBLIC_KEY: DEV_VAPID.publicKey, VAPID_PRIVATE_KEY: DEV_VAPID.privateKey }),
    ).toThrow(/VAPID_PRIVATE_KEY is a development default/);
  });

  it('refuse a private key of 31 or 33 bytes and take 32', () => {
    const random = crypto.getRandomValues(new Uint8Array(33));
    for (const length of [31, 33]) {
      expect(deployed({ VAPID_PRIVATE_KEY: base64url(random.slice(0, length)) }), String(length)).toThrow(
        new RegExp(`VAPID_PRIVATE_KEY is ${length} bytes, not a P-256 private key`),
      );
    }
    expect(deployed({ VAPID_PRIVATE_KEY: base64url(random.slice(0, 32)) })).not.toThrow();
  });

  it(`refuse a private key of fewer than ${MIN_DISTINCT_KEY_BYTES} different bytes and take it from there`, () => {
    const withDistinct = (distinct: number) =>
      Uint8Array.from({ length: 32 }, (_, i) => 1 + ((i * 7) % distinct) * 13);
    expect(new Set(withDistinct(MIN_DISTINCT_KEY_BYTES - 1)).size).toBe(MIN_DISTINCT_KEY_BYTES - 1);
    expect(deployed({ VAPID_PRIVATE_KEY: base64url(withDistinct(MIN_DISTINCT_KEY_BYTES - 1)) })).toThrow(
      /VAPID_PRIVATE_KEY holds only 15 different bytes \(at least 16 needed\)/,
    );
    for (const distinct of [MIN_DISTINCT_KEY_BYTES, MIN_DISTINCT_KEY_BYTES + 1]) {
      expect(new Set(withDistinct(distinct)).size).toBe(distinct);
      expect(
        deployed({ VAPID_PRIVATE_KEY: base64url(withDistinct(distinct)) }),
        String(distinct),
      ).not.toThrow();
    }
  });

  it('refuse a key in padded base64 and one character repeated, saying how to make a pair', () => {
    expect(deployed({ VAPID_PRIVATE_KEY: `${DEPLOYED_VAPID.VAPID_PRIVATE_KEY}=` })).toThrow(
      /VAPID_PRIVATE_KEY is not unpadded base64url; make a pair with `npm run vapid-keys`/,
    );
    expect(deployed({ VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(/holds only 1 different bytes/);
  });

  it('refuse a public key that is not a 65-byte uncompressed point', () => {
    const point = crypto.getRandomValues(new Uint8Array(65));
    point[0] = 4;
    expect(deployed({ VAPID_PUBLIC_KEY: base64url(point.slice(0, 64)) })).toThrow(
      /VAPID_PUBLIC_KEY is 64 bytes, not an uncompressed P-256 point/,
    );
    point[0] = 2;
    expect(deployed({ VAPID_PUBLIC_KEY: base64url(point) })).toThrow(/VAPID_PUBLIC_KEY is 65 bytes/);
  });

  it('take a mailto: or https: subject and refuse anything else', () => {
    for (const subject of ['mailto:ops@daily-puzzles.dev', 'https://daily-puzzles.dev/contact']) {
      expect(deployed({ VAPID_SUBJECT: subject }), subject).not.toThrow();
    }
    for (const subject of ['ops@daily-puzzles.dev', 'http://daily-puzzles.dev', 'mailto:nobody']) {
      expect(deployed({ VAPID_SUBJECT: subject }), subject).toThrow(
        /VAPID_SUBJECT is neither a mailto: address nor an https: URL/,
      );
    }
  });

  it('refuse a subject on a domain kept for examples, the development one included', () => {
    for (const subject of ['mailto:you@example.org', 'https://example.com/', DEV_VAPID.subject]) {
      expect(deployed({ VAPID_SUBJECT: subject }), subject).toThrow(
        /VAPID_SUBJECT names a placeholder domain/,
      );
    }
  });

  it('refuse at start a private key that is not the public key’s: every route answers 503', async () => {
    const mismatched = committedEnv({ ...strongSecrets, VAPID_PRIVATE_KEY: OTHER_PRIVATE_KEY });
    expect(() => loadConfig(mismatched)).not.toThrow();
    await expect(createServices(mismatched)).rejects.toThrow(
      /VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY/,
    );
    const res = await send(mismatched, '/v1/push/key');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'misconfigured' } });
  });

  it('serve the key of a matching pair', async () => {
    const res = await send(committedEnv(strongSecrets), '/v1/push/key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: DEPLOYED_VAPID.VAPID_PUBLIC_KEY });
  });

  it('are built in for development', () => {
    expect(loadConfig({ DB: env.DB, ENVIRONMENT: 'development' }).vapid).toEqual(DEV_VAPID);
  });
});

describe('the push services a deployment sends reminders to', () => {
  const config = (overrides: Partial<Env>) =>
    loadConfig({ DB: env.DB, ENVIRONMENT: 'production', ...strongSecrets, ...overrides });

  it("are the browsers' own services when PUSH_SERVICE_HOSTS is unset", () => {
    expect(config({}).pushHosts).toEqual(BROWSER_PUSH_HOSTS);
  });

  it('are what PUSH_SERVICE_HOSTS names, `*` for any', () => {
    expect(config({ PUSH_SERVICE_HOSTS: 'push.example.net' }).pushHosts).toEqual(['push.example.net']);
    expect(config({ PUSH_SERVICE_HOSTS: '*' }).pushHosts).toBe('any');
  });

  it('refuse to start on a PUSH_SERVICE_HOSTS that is not a list of host names', () => {
    expect(() => config({ PUSH_SERVICE_HOSTS: 'https://push.example.net/' })).toThrow(
      /PUSH_SERVICE_HOSTS must be/,
    );
  });

  it('are any host in development, whose push services are local', () => {
    expect(loadConfig({ DB: env.DB, ENVIRONMENT: 'development' }).pushHosts).toBe('any');
  });
});

describe('BOARD_SHARDS, the board shards of new puzzles', () => {
  const shardsWith = (value: string | undefined) => () =>
    loadConfig({ DB: env.DB, ENVIRONMENT: 'development', BOARD_SHARDS: value }).boardShards;

  it('is 1 when unset, and as committed', () => {
    expect(shardsWith(undefined)()).toBe(1);
    expect(shardsWith(COMMITTED.vars.BOARD_SHARDS)()).toBe(1);
  });

  it(`takes 1 and ${MAX_BOARD_SHARDS}, and refuses 0 and ${MAX_BOARD_SHARDS + 1}`, () => {
    expect(shardsWith('1')()).toBe(1);
    expect(shardsWith(String(MAX_BOARD_SHARDS))()).toBe(MAX_BOARD_SHARDS);
    expect(shardsWith('0')).toThrow(/BOARD_SHARDS must be an integer from 1 to 64/);
    expect(shardsWith(String(MAX_BOARD_SHARDS + 1))).toThrow(ConfigError);
  });

  it('refuses a number that is not whole, and a word', () => {
    expect(shardsWith('2.5')).toThrow(ConfigError);
    expect(shardsWith('four')).toThrow(ConfigError);
  });
});
