/**
 * `npm run bench [-- name ...]`: runs the named benchmarks (all when none is named). Each bench/<name>.ts
 * exports `run()`, prints its own tables and measures its own baseline in the same run.
 */
/** Engines first, then the service: the day's CPU budget, HTTP load on loopback, database growth. */
const ALL = [
  'sudoku',
  'pattern',
  'loop',
  'signal',
  'colorsort',
  'fairplay',
  'day',
  'http',
  'growth',
] as const;

const requested = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const names = requested.length > 0 ? requested : [...ALL];

async function main(): Promise<void> {
  for (const name of names) {
    if (!/^[a-z0-9-]+$/.test(name)) {
      console.error(`unknown benchmark ${name}`);
      process.exit(2);
    }
    const module = (await import(`./${name}.ts`)) as { run: () => Promise<void> };
    console.log(`\n# ${name}\n`);
    await module.run();
  }
}

await main();

export {};
