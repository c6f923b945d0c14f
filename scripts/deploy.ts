/**
 * `npm run deploy`: prints what a deployment does and does nothing more; `npm run deploy -- --yes` checks the
 * production configuration and the secrets, builds the assets, applies the remote D1 migrations and deploys
 * (scripts/deploy-plan.ts). It needs `wrangler login` (or CLOUDFLARE_API_TOKEN) first.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deploy } from './deploy-plan.js';

const root = fileURLToPath(new URL('..', import.meta.url));

process.exitCode = deploy({
  yes: process.argv.slice(2).includes('--yes'),
  wranglerToml: readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8'),
  run: ({ command, args }) => {
    // The secret list is read; every other step shows its output as it runs.
    const reads = args.includes('secret');
    const ran = spawnSync(command, args, {
      cwd: root,
      stdio: reads ? ['inherit', 'pipe', 'inherit'] : 'inherit',
      encoding: 'utf8',
    });
    return { status: ran.status ?? 1, stdout: ran.stdout ?? '' };
  },
  print: (text) => console.log(text),
});
