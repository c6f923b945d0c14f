/**
 * Debian's Chromium for the browser test: found at /usr/bin/chromium, or installed with apt-get when
 * missing and we are root (CI). Anything else is a reason to skip, reported in plain words.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless flags: without the background-networking ones Chromium keeps calling home, which on a
 * machine without internet access means a storm of failing connections. Playwright makes a fresh
 * profile directory per launch itself (it refuses a --user-data-dir here).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type ChromiumStatus = { ok: true; path: string } | { ok: false; reason: string };

export function ensureChromium(): ChromiumStatus {
  if (existsSync(CHROMIUM_PATH)) return { ok: true, path: CHROMIUM_PATH };
  if (process.env.E2E_NO_INSTALL === '1') {
    return { ok: false, reason: `${CHROMIUM_PATH} is missing and E2E_NO_INSTALL=1 forbids installing it` };
  }
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    return { ok: false, reason: `${CHROMIUM_PATH} is missing and this is not a Debian-like system` };
  }
  if (process.getuid?.() !== 0) {
    return {
      ok: false,
      reason: `${CHROMIUM_PATH} is missing; install it with "sudo apt-get install -y chromium"`,
    };
  }
  console.log(
    '[e2e] Chromium is missing: apt-get update && apt-get install -y chromium fonts-liberation (once)',
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update'],
    ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation'],
  ]) {
    const run = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (run.status !== 0) {
      return { ok: false, reason: `apt-get ${args.join(' ')} failed: ${run.stderr.trim().slice(-500)}` };
    }
  }
  if (!existsSync(CHROMIUM_PATH)) return { ok: false, reason: `apt-get installed no ${CHROMIUM_PATH}` };
  console.log(`[e2e] installed ${execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim()}`);
  return { ok: true, path: CHROMIUM_PATH };
}

/** Chromium as the browser tests drive it: the one `ensureChromium` found, with CHROMIUM_ARGS. */
export function launchChromium(status: ChromiumStatus): Promise<Browser> {
  if (!status.ok) throw new Error(`no Chromium to launch: ${status.reason}`);
  return chromium.launch({ executablePath: status.path, args: CHROMIUM_ARGS });
}
