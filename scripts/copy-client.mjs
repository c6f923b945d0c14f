/**
 * Part of the assets' build (`npm run build:assets`, run once by `npm start`, `npm test` and before a deploy): puts the
 * built `daily-puzzles/client` into the static assets at /daily-puzzles/, where the demo page's modules
 * import it from this origin, as a front end would import the package. The client's JavaScript and the
 * declarations of its types (which `tsc -p public` checks the page against) are copied; the contract's
 * JavaScript is not, since the client imports only types from it. The copy is never committed.
 *
 * dist/ is rebuilt (`npm run build:client`) only when a file it is built from is newer than it, so that
 * `npm start` stays quick.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

rmSync(to, { recursive: true, force: true });
cpSync(dist, to, {
  recursive: true,
  filter: (from) =>
    statSync(from).isDirectory() ||
    from.endsWith('.d.ts') ||
    (from.startsWith(path.join(dist, 'client') + path.sep) && from.endsWith('.js')),
});
