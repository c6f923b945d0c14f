/**
 * `npm start` as a person runs it (scripts/start.ts): quiet enough to read before the Worker is ready, and
 * the Worker it starts answers. Its own local D1 goes to a throwaway directory (`--persist-to`), not the
 * checkout's.
 */

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { freePort, QUIET_ENV, ROOT } from '../../bench/support/wrangler.js';
import { migrationsLine, OFFLINE_NOTE, quietDev } from '../../scripts/quiet-dev.js';

/** The bound (#45, item 8): what a person reads before "Ready". */
const MAX_LINES_BEFORE_READY = 40;

describe('npm start', () => {
  it(`prints under ${MAX_LINES_BEFORE_READY} lines before Ready, and the Worker it starts answers`, async () => {
    const persist = await mkdtemp(path.join(tmpdir(), 'daily-puzzles-start-'));
    const port = await freePort();
    const child = spawn('npx', ['tsx', 'scripts/start.ts', '--persist-to', persist], {
      cwd: ROOT,
      env: { ...QUIET_ENV, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const lines: string[] = [];
    try {
      const ready = new Promise<void>((resolve, reject) => {
        for (const stream of [child.stdout, child.stderr]) {
          createInterface({ input: stream }).on('line', (line) => {
            lines.push(line);
            if (line.includes('Ready on')) resolve();
          });
        }
        child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${lines.join('\n')}`)));
      });
      await ready;
      const before = lines.slice(
        0,
        lines.findIndex((line) => line.includes('Ready on')),
      );
      expect(before.length, before.join('\n')).toBeLessThan(MAX_LINES_BEFORE_READY);
      expect(before.filter((line) => line.includes('getaddrinfo'))).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${port}/v1/kinds`)).status).toBe(200);
    } finally {
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      await rm(persist, { recursive: true, force: true });
    }
  });
});

describe("npm start's output", () => {
  const offline = [
    '[wrangler:warn] Unable to fetch the `Request.cf` object! Falling back to a default placeholder...',
    'Error: getaddrinfo ENOTFOUND workers.cloudflare.com',
    '    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:122:26)',
  ];

  it("says once, in one line, that wrangler's offline warning is harmless", () => {
    const show = quietDev();
    const shown = [...offline, '⎔ Starting local server...', ...offline].flatMap(show);
    expect(shown).toEqual([OFFLINE_NOTE, '⎔ Starting local server...']);
  });

  it('counts the bindings in one line instead of listing them', () => {
    const show = quietDev();
    const shown = [
      'Your Worker has access to the following bindings:',
      'Binding                                  Resource                  Mode',
      'env.PUZZLE_DESK (PuzzleDesk)             Durable Object            local',
      'env.DB (daily-puzzles)                   D1 Database               local',
      'env.PLAYER_CREATION_LIMITER (10 requests/60s)  Rate Limit          local',
      'env.SHARE_LIMITER (10 requests/60s)      Rate Limit                local',
      '',
      'next',
    ].flatMap(show);
    expect(shown).toEqual([
      '[start] 4 bindings: 1 durable object, 1 d1 database, 2 rate limits (START_VERBOSE=1 lists them)',
      'next',
    ]);
  });

  it('sums up applied migrations in one line, and shows all of a failure', () => {
    const table = '│ 0000_init.sql │ ✅     │\n├──┤\n│ 0001_play.sql │ ✅     │';
    expect(migrationsLine(table, 0)).toBe('[start] local D1: 2 migrations applied');
    expect(migrationsLine('✅ No migrations to apply!', 0)).toBe(
      '[start] local D1: every migration already applied',
    );
    expect(migrationsLine('Error: near "x": syntax error', 1)).toBe('Error: near "x": syntax error');
  });
});
