/** A tiny argv parser: positionals plus `--flag value` / `--flag` options. */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string | true>;
}

const BOOLEAN_FLAGS = new Set(['json', 'help']);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const next = argv[i + 1];
    if (BOOLEAN_FLAGS.has(name) || next === undefined || next.startsWith('--')) {
      options.set(name, true);
    } else {
      options.set(name, next);
      i++;
    }
  }
  return { positionals, options };
}
