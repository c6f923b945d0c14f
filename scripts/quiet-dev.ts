/**
 * What `npm start` shows of wrangler's output (scripts/start.mjs): everything, except two things a person
 * starting the site need not read line by line. The listing of the Worker's bindings (about forty rows, most
 * of them rate limits) becomes one line that counts them; wrangler's warning that it cannot fetch
 * `Request.cf` (it asks Cloudflare for it, and this machine may be offline) and its stack trace become one
 * line that says it is harmless, the first time only.
 */

export const OFFLINE_NOTE =
  '[start] wrangler cannot fetch Request.cf from Cloudflare (offline?): it uses a placeholder; harmless.';

/** Terminal colours (ESC [ … m), stripped so that matching reads the text a person sees. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (line: string) => line.replace(COLOUR, '');

function bindingsLine(kinds: Map<string, number>): string {
  const total = [...kinds.values()].reduce((a, b) => a + b, 0);
  const parts = [...kinds].map(([kind, n]) => `${n} ${kind.toLowerCase()}${n === 1 ? '' : 's'}`);
  return `[start] ${total} bindings: ${parts.join(', ')} (START_VERBOSE=1 lists them)`;
}

/**
 * A line filter with memory: feed it wrangler's lines in order; it returns the lines to show for each (none,
 * the line itself, or a summary in its place).
 */
export function quietDev(): (line: string) => string[] {
  let bindings: Map<string, number> | null = null;
  let inStack = false;
  let explained = false;
  return (line: string) => {
    const text = plain(line);
    if (bindings !== null) {
      if (text.trim() === '') {
        const summary = bindingsLine(bindings);
        bindings = null;
        return [summary];
      }
      const kind =
        /\s{2,}(Durable Object|D1 Database|Rate Limit|Environment Variable|[A-Z][\w ]+?)\s{2,}\w+\s*$/.exec(
          text,
        );
      const name = kind?.[1];
      if (name && !text.startsWith('Binding')) bindings.set(name, (bindings.get(name) ?? 0) + 1);
      return [];
    }
    if (text.includes('Your Worker has access to the following bindings')) {
      bindings = new Map();
      return [];
    }
    if (text.includes('Unable to fetch the `Request.cf` object')) {
      inStack = true;
      if (explained) return [];
      explained = true;
      return [OFFLINE_NOTE];
    }
    if (inStack && (/^Error: getaddrinfo/.test(text) || /^\s+at /.test(text))) return [];
    inStack = false;
    return [line];
  };
}

/**
 * One line for what `wrangler d1 migrations apply` printed (two tables of every migration): how many it
 * applied, or its whole output when it failed.
 */
export function migrationsLine(output: string, status: number): string {
  if (status !== 0) return output;
  const applied = new Set(
    [...plain(output).matchAll(/│\s*(\d{4}_[\w-]+\.sql)\s*│\s*✅/g)].map((match) => match[1]),
  );
  return applied.size === 0
    ? '[start] local D1: every migration already applied'
    : `[start] local D1: ${applied.size} migration${applied.size === 1 ? '' : 's'} applied`;
}
