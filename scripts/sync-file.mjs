/**
 * Copies for the assets' build that leave a file alone when it already holds the same bytes: a second build
 * (a test that runs `npm start` while another test process reads public/) then changes nothing on disk.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Copies `from` to `to` unless `to` already has its content. */
export function syncFile(from, to) {
  if (existsSync(to) && readFileSync(to).equals(readFileSync(from))) return;
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, to);
}
