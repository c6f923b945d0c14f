/**
 * A small, strict argv parser: positionals plus the options the CLI knows, as `--name value`,
 * `--name=value` or a bare `--flag`. Anything else is a UsageError, never silently ignored.
 */

/** Bad command-line input: the CLI prints the message with its usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Every option the CLI knows: `value` options take an argument, `flag` options none. */
export const OPTIONS = {
  seed: 'value',
  size: 'value',
  max: 'value',
  json: 'flag',
  help: 'flag',
} as const satisfies Record<string, 'value' | 'flag'>;

export type OptionName = keyof typeof OPTIONS;

export interface ParsedArgs {
  positionals: string[];
  options: Map<OptionName, string | true>;
}

function isOptionName(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name);
}

/** `-` alone is a positional (standard input); any other word starting with `-` is an option. */
const looksLikeOption = (arg: string) => arg.startsWith('-') && arg !== '-';

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<OptionName, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!looksLikeOption(arg)) {
      positionals.push(arg);
      continue;
    }
    if (arg === '-h') {
      options.set('help', true);
      continue;
    }
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1];
    if (!match || name === undefined || !isOptionName(name)) throw new UsageError(`unknown option ${arg}`);
    if (options.has(name)) throw new UsageError(`--${name} is given twice`);
    const inline = match[2];
    if (OPTIONS[name] === 'flag') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      options.set(name, true);
      continue;
    }
    if (inline !== undefined) {
      options.set(name, inline);
      continue;
    }
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    options.set(name, next);
    i++;
  }
  return { positionals, options };
}

/**
 * Refuses options a command does not take and positionals beyond the ones it reads, so that a typo
 * (`--maxx 5`, a second file) is an error instead of a silently different run.
 */
export function expectArgs(
  command: string,
  args: ParsedArgs,
  allowed: readonly OptionName[],
  maxPositionals: number,
): void {
  for (const name of args.options.keys()) {
    if (name !== 'json' && name !== 'help' && !allowed.includes(name)) {
      throw new UsageError(`${command} takes no --${name}`);
    }
  }
  const extra = args.positionals.slice(1 + maxPositionals);
  if (extra.length > 0) throw new UsageError(`${command}: unexpected argument ${JSON.stringify(extra[0])}`);
}
