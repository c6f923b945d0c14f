/**
 * Part of the assets' build (`npm run build:assets`, run once by `npm start`, `npm test` and before a deploy): puts the
 * built `daily-puzzles/client` into the static assets at /daily-puzzles/, where the demo page's modules
 * import it from this origin, as a front end would import the package. The client's JavaScript and the
 * declarations of its types (which `tsc -p public` checks the page against) are copied; the contract's
 * JavaScript is not, since the client imports only types from it. The copy is never committed.
 *
 * dist/ is rebuilt (`npm run build:client`) only when a file it is built from is newer than it, so that
 * `npm start` stays quick, and the copy writes only what changed (scripts/sync-file.mjs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncFile } from './sync-file.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const built = path.join(dist, 'client', 'index.js');
const to = path.join(root, 'public', 'daily-puzzles');

/** Every file under `dir`, with its path. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

function isStale() {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [
    ...filesUnder(path.join(root, 'src', 'client')),
    ...filesUnder(path.join(root, 'src', 'contract')),
    path.join(root, 'tsconfig.client.json'),
  ];
  return sources.some((file) => statSync(file).mtimeMs > builtAt);
}

if (isStale()) execFileSync('npm', ['run', '--silent', 'build:client'], { cwd: root, stdio: 'inherit' });

/** What the page imports: the client's JavaScript and every declaration of types. */
const wanted = filesUnder(dist)
  .filter(
    (file) =>
      file.endsWith('.d.ts') ||
      (file.startsWith(path.join(dist, 'client') + path.sep) && file.endsWith('.js')),
  )
  .map((file) => path.relative(dist, file));

// File by file, unchanged files untouched and only stale ones removed: the folder is never emptied while
// another process (the test pool, a dev server) reads public/.
for (const file of wanted) syncFile(path.join(dist, file), path.join(to, file));
const kept = new Set(wanted);
if (existsSync(to)) {
  for (const file of filesUnder(to)) {
    if (!kept.has(path.relative(to, file))) rmSync(file);
  }
}
