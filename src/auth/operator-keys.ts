/** One operator API key: its name (for the audit and the logs, never the key) and the key itself. */
export interface OperatorKey {
  name: string;
  key: string;
}

const KEY_NAME = /^[A-Za-z0-9_-]{1,32}$/;

/** How OPERATOR_KEYS is written, named in every refusal of it. */
export const OPERATOR_KEYS_FORMAT =
  'comma-separated `name:key` pairs (names of 1 to 32 letters, digits, _ or -, each once), e.g. `site:<key>,site-next:<key>`';

/**
 * OPERATOR_KEYS as `name:key,name:key`: several at once so that a key can be rotated (add the new one,
 * move the site over, remove the old one). Unset or empty gives no keys. A malformed list is a string
 * saying what is wrong, never a partial list.
 */
export function parseOperatorKeys(value: string | undefined): OperatorKey[] | string {
  if (value === undefined || value.trim() === '') return [];
  const keys: OperatorKey[] = [];
  for (const entry of value.split(',')) {
    const colon = entry.indexOf(':');
    const name = entry.slice(0, colon).trim();
    const key = entry.slice(colon + 1).trim();
    if (colon < 0 || !KEY_NAME.test(name) || key === '') return `must be ${OPERATOR_KEYS_FORMAT}`;
    if (keys.some((k) => k.name === name)) return `names the key "${name}" twice`;
    keys.push({ name, key });
  }
  return keys;
}
