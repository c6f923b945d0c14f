/**
 * `npm start`: the Worker on this machine in development mode. Builds the page's assets, applies the local
 * D1's migrations (one line says how many), then runs `wrangler dev` and shows its output quieted
 * (scripts/quiet-dev.ts); `START_VERBOSE=1` shows all of it. Arguments go to `wrangler dev`
 * (`npm start -- --var CORS_ORIGINS:…`); a `--persist-to DIR` among them is also where the migrations go.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { migrationsLine, quietDev } from './quiet-dev.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const wrangler = fileURLToPath(new URL('../node_modules/.bin/wrangler', import.meta.url));
const verbose = process.env.START_VERBOSE === '1';
const args = process.argv.slice(2);
const persistAt = args.indexOf('--persist-to');
const persistDir = persistAt >= 0 ? args[persistAt + 1] : undefined;
const persist = persistDir ? ['--persist-to', persistDir] : [];

const built = spawnSync('npm', ['run', '--silent', 'build:assets'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const migrated = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', ...persist], {
  cwd: root,
  env: { ...process.env, CI: 'true' },
  encoding: 'utf8',
});
const migrationOutput = `${migrated.stdout}${migrated.stderr}`;
console.log(verbose ? migrationOutput : migrationsLine(migrationOutput, migrated.status ?? 1));
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const port = process.env.PORT ?? '8787';
const dev = spawn(
  wrangler,
  [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    port,
    '--test-scheduled',
    '--show-interactive-dev-session=false',
    '--var',
    'ENVIRONMENT:development',
    ...args,
  ],
  { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] },
);
for (const [from, to] of [
  [dev.stdout, process.stdout],
  [dev.stderr, process.stderr],
] as const) {
  const show = verbose ? (line: string) => [line] : quietDev();
  createInterface({ input: from }).on('line', (line) => {
    for (const out of show(line)) to.write(`${out}\n`);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
