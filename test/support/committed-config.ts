import { parse } from 'smol-toml';
import devVarsExample from '../../.dev.vars.example?raw';
import wranglerToml from '../../wrangler.toml?raw';

/** The parts of the committed wrangler.toml the tests check. */
export interface CommittedConfig {
  vars: Record<string, string>;
  ratelimits: { name: string; namespace_id: string; simple: { limit: number; period: number } }[];
}

/** wrangler.toml as committed: what `wrangler deploy` would deploy. */
export const COMMITTED = parse(wranglerToml) as unknown as CommittedConfig;

/** The `NAME=value` lines of .dev.vars.example, comments included once uncommented. */
export const EXAMPLE_SECRETS: Record<string, string> = Object.fromEntries(
  devVarsExample
    .split('\n')
    .map((line) => /^#?\s*([A-Z_]+)=(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => [match[1], match[2]]),
);
