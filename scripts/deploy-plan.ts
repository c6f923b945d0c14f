/**
 * What `npm run deploy` does (scripts/deploy.ts runs it): checks the production configuration, then runs
 * wrangler's steps in order. Without `--yes` it only prints the plan; the command runner is a parameter, so
 * a test sees the commands without anything reaching Cloudflare.
 */
import { parse } from 'smol-toml';
import { DEPLOYED_SECRETS } from '../src/config.js';

/** One command of the plan, as it would be run from the checkout. */
export interface Step {
  command: string;
  args: string[];
  /** What it is for, printed beside it. */
  why: string;
}

export interface Ran {
  status: number;
  stdout: string;
}

export type Runner = (step: Step) => Ran;

/** The placeholder database id committed in wrangler.toml: a deployment needs its own D1's. */
const PLACEHOLDER_DATABASE_ID = '00000000-0000-0000-0000-000000000000';

const SECRET_LIST: Step = {
  command: 'npx',
  args: ['wrangler', 'secret', 'list', '--format', 'json'],
  why: `check that the secrets ${DEPLOYED_SECRETS.join(', ')} are set`,
};

/** The steps after the secrets are checked: migrations before the code that reads their tables. */
export const DEPLOY_STEPS: readonly Step[] = [
  { command: 'npm', args: ['run', '--silent', 'build:assets'], why: 'build the page assets' },
  {
    command: 'npx',
    args: ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--remote'],
    why: 'apply the D1 migrations to the remote database',
  },
  { command: 'npx', args: ['wrangler', 'deploy'], why: 'deploy the Worker, its assets and crons' },
];

/** What is wrong with wrangler.toml for a deployment, one line each (none: it may be deployed). */
export function configProblems(wranglerToml: string): string[] {
  const config = parse(wranglerToml) as {
    vars?: Record<string, unknown>;
    d1_databases?: { binding?: string; database_id?: string }[];
  };
  const problems: string[] = [];
  const environment = config.vars?.ENVIRONMENT;
  if (environment !== 'production') {
    problems.push(`[vars] ENVIRONMENT is ${JSON.stringify(environment)}: a deployment needs "production"`);
  }
  const db = config.d1_databases?.find((d) => d.binding === 'DB');
  if (!db) problems.push('no [[d1_databases]] block binds DB');
  else if (!db.database_id || db.database_id === PLACEHOLDER_DATABASE_ID) {
    problems.push(
      'the DB database_id is the placeholder: set it to your D1 database id (wrangler d1 create)',
    );
  }
  return problems;
}

/** The required secrets missing from `wrangler secret list --format json`'s output (all of them if unreadable). */
export function missingSecrets(listed: string): string[] {
  let names: string[];
  try {
    const parsed: unknown = JSON.parse(listed);
    names = Array.isArray(parsed) ? parsed.map((s: { name?: unknown }) => String(s?.name)) : [];
  } catch {
    names = [];
  }
  return DEPLOYED_SECRETS.filter((name) => !names.includes(name));
}

function line(step: Step): string {
  return `${[step.command, ...step.args].join(' ')}    # ${step.why}`;
}

/**
 * Runs the deployment: the plan printed always; with `yes`, each step through `run`, stopping at the first
 * that fails. Returns the exit status.
 */
export function deploy({
  yes,
  wranglerToml,
  run,
  print,
}: {
  yes: boolean;
  wranglerToml: string;
  run: Runner;
  print: (text: string) => void;
}): number {
  const problems = configProblems(wranglerToml);
  print('npm run deploy will:');
  print('  check wrangler.toml: ENVIRONMENT = "production" and a real DB database_id');
  for (const step of [SECRET_LIST, ...DEPLOY_STEPS]) print(`  ${line(step)}`);
  for (const problem of problems) print(`wrangler.toml: ${problem}`);
  if (!yes) {
    print('Nothing was run. Run `npm run deploy -- --yes` to do it.');
    return 0;
  }
  if (problems.length > 0) return 1;
  const listed = run(SECRET_LIST);
  if (listed.status !== 0) return listed.status;
  const missing = missingSecrets(listed.stdout);
  if (missing.length > 0) {
    print(`Secrets not set: ${missing.join(', ')} (set each with \`npx wrangler secret put NAME\`)`);
    return 1;
  }
  for (const step of DEPLOY_STEPS) {
    print(`> ${line(step)}`);
    const ran = run(step);
    if (ran.status !== 0) return ran.status;
  }
  return 0;
}
