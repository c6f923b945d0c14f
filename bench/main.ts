/**
 * `npm run bench [-- name ...]`: runs the named benchmarks (all when none is named). Each bench/<name>.ts
 * exports `run()`, prints its own tables and measures its own baseline in the same run. Engine benches
 * are the registry's kinds that have a bench/<kind>.ts; the service benches follow them.
 */
import { existsSync } from 'node:fs';
import { KINDS } from '../src/kinds/index.js';

/**
 * The service: the day's CPU budget, HTTP load on loopback, a live puzzle's board shards, database growth,
 * reminders, the share card's image, hint CPU, the deployed shape split over processes.
 */
const SERVICE_BENCHES = ['fairplay', 'day', 'http', 'shards', 'growth', 'push', 'shares', 'hints', 'split'];
/** Options a bench reads from process.argv itself, allowed when it is the one bench named. */
const OPTIONS: Record<string, string[]> = { split: ['--json'] };

const benchFile = (name: string) => new URL(`./${name}.ts`, import.meta.url);

const engineBenches = KINDS.filter((kind) => existsSync(benchFile(kind)));
const known = [...engineBenches, ...SERVICE_BENCHES];

function chosen(args: readonly string[]): string[] {
  const names = args.filter((a) => !a.startsWith('-'));
  const allowed = names.length === 1 ? (OPTIONS[names[0] ?? ''] ?? []) : [];
  const options = args.filter((a) => a.startsWith('-') && !allowed.includes(a));
  if (options.length > 0) {
    console.error(
      `error: unknown option ${options[0]}; usage: npm run bench [-- name ...] (npm run bench -- split --json)`,
    );
    process.exit(2);
  }
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`error: unknown benchmark ${unknown.join(', ')}; benchmarks are ${known.join(', ')}`);
    process.exit(2);
  }
  return names.length > 0 ? names : known;
}

async function main(): Promise<void> {
  const names = chosen(process.argv.slice(2));
  if (process.argv.length <= 2) {
    for (const kind of KINDS.filter((k) => !engineBenches.includes(k))) {
      console.log(`(${kind} has no bench/${kind}.ts: no engine benchmark for it)`);
    }
  }
  for (const name of names) {
    const module = (await import(benchFile(name).href)) as { run: () => Promise<void> };
    console.log(`\n# ${name}\n`);
    await module.run();
  }
}

await main();
