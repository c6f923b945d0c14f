/**
 * `npm run deploy` (scripts/deploy.ts, scripts/deploy-plan.ts): nothing here reaches Cloudflare. The plan
 * runs with a runner that records each command and answers as wrangler would.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../bench/support/wrangler.js';
import { deploy, type Ran, type Step } from '../../scripts/deploy-plan.js';
import { DEPLOYED_SECRETS } from '../../src/config.js';

const committed = readFileSync(`${ROOT}/wrangler.toml`, 'utf8');
/** The committed configuration with a real database id, as an operator's checkout has it. */
const configured = committed.replace(
  /database_id = "0{8}-0{4}-0{4}-0{4}-0{12}"/,
  'database_id = "3f1c2a9e-5b7d-4e21-9a0c-8d6e4f2b1a77"',
);

function recorded(answer: (step: Step) => Ran = () => ({ status: 0, stdout: '' })) {
  const commands: string[] = [];
  const lines: string[] = [];
  const run = (step: Step) => {
    commands.push([step.command, ...step.args].join(' '));
    return answer(step);
  };
  return { commands, lines, run, print: (text: string) => lines.push(text) };
}

const allSecrets = JSON.stringify(DEPLOYED_SECRETS.map((name) => ({ name, type: 'secret_text' })));
const wrangler = (secrets: string) => (step: Step) =>
  step.args.includes('secret') ? { status: 0, stdout: secrets } : { status: 0, stdout: '' };

describe('npm run deploy', () => {
  it('prints the plan and runs nothing without --yes', () => {
    const r = recorded();
    expect(deploy({ yes: false, wranglerToml: configured, run: r.run, print: r.print })).toBe(0);
    expect(r.commands).toEqual([]);
    expect(r.lines.join('\n')).toContain('npx wrangler d1 migrations apply DB --remote');
    expect(r.lines.join('\n')).toContain('npx wrangler deploy');
  });

  it('as `npm run deploy` without --yes exits 0 with the plan and the placeholder database id named', () => {
    const ran = spawnSync('npx', ['tsx', 'scripts/deploy.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(ran.status).toBe(0);
    expect(ran.stdout).toContain('Nothing was run');
    expect(ran.stdout).toContain('database_id is the placeholder');
  });

  it('with --yes checks the secrets, builds, migrates the remote D1 and deploys, in that order', () => {
    const r = recorded(wrangler(allSecrets));
    expect(deploy({ yes: true, wranglerToml: configured, run: r.run, print: r.print })).toBe(0);
    expect(r.commands).toEqual([
      'npx wrangler secret list --format json',
      'npm run --silent build:assets',
      'npx wrangler d1 migrations apply DB --remote',
      'npx wrangler deploy',
    ]);
  });

  it('with --yes stops after the secret list when a required secret is missing, naming it', () => {
    const some = JSON.stringify([{ name: 'PUZZLE_SALT', type: 'secret_text' }]);
    const r = recorded(wrangler(some));
    expect(deploy({ yes: true, wranglerToml: configured, run: r.run, print: r.print })).toBe(1);
    expect(r.commands).toEqual(['npx wrangler secret list --format json']);
    expect(r.lines.at(-1)).toContain('TOKEN_SECRET');
  });

  it('with --yes runs nothing while wrangler.toml has the placeholder database id', () => {
    const r = recorded(wrangler(allSecrets));
    expect(deploy({ yes: true, wranglerToml: committed, run: r.run, print: r.print })).toBe(1);
    expect(r.commands).toEqual([]);
  });

  it('with --yes runs nothing when ENVIRONMENT is not production', () => {
    const r = recorded(wrangler(allSecrets));
    const development = configured.replace('ENVIRONMENT = "production"', 'ENVIRONMENT = "development"');
    expect(deploy({ yes: true, wranglerToml: development, run: r.run, print: r.print })).toBe(1);
    expect(r.commands).toEqual([]);
  });

  it('with --yes deploys nothing when the migrations fail', () => {
    const r = recorded((step) =>
      step.args.includes('migrations') ? { status: 1, stdout: '' } : wrangler(allSecrets)(step),
    );
    expect(deploy({ yes: true, wranglerToml: configured, run: r.run, print: r.print })).toBe(1);
    expect(r.commands.at(-1)).toBe('npx wrangler d1 migrations apply DB --remote');
  });
});
