/** A deployed secret must be at least this long: `openssl rand -base64 32` gives 44 characters. */
export const MIN_SECRET_LENGTH = 32;

/**
 * A deployed secret must hold at least this many different characters. Random text does: the 44 characters
 * of `openssl rand -base64 32` fall short about once in 10^22 values, the 64 of `openssl rand -hex 32` (16
 * digits to draw from) once in 6 million; `abab…` or `password1234password1234…` do not.
 */
export const MIN_DISTINCT_CHARACTERS = 12;

/** How to make a secret that passes, named in every refusal. */
export const SECRET_ADVICE = 'make a random one with `openssl rand -base64 32`';

/** Words that mark a value copied from an example rather than generated. */
const PLACEHOLDER_MARKS = ['change-me', 'changeme', 'placeholder', 'example', 'your-'];

/**
 * A run of x standing as a word of its own (`xxx-secret`, `key_xxxx`): inside base64 or hex three x in a row
 * happen by chance (about one `openssl rand -base64 32` in 800 holds `xxx`, in either case), so only a run
 * that no character of those alphabets touches marks a placeholder.
 */
const PLACEHOLDER_RUN = /(^|[^a-z0-9+/=])x{3,}($|[^a-z0-9+/=])/i;

/**
 * Why `value` cannot protect a deployment, or null when it may: missing, short, one of the published
 * development values, a placeholder, too few different characters, or a short pattern repeated.
 */
export function secretProblem(value: string | undefined, published: readonly string[]): string | null {
  if (!value) return 'is not set';
  if (value.length < MIN_SECRET_LENGTH) return `is shorter than ${MIN_SECRET_LENGTH} characters`;
  if (published.includes(value)) return 'is a development default published in the source';
  const lower = value.toLowerCase();
  const mark =
    PLACEHOLDER_MARKS.find((m) => lower.includes(m)) ?? (PLACEHOLDER_RUN.test(value) ? 'xxx' : null);
  if (mark) return `looks like a placeholder (contains "${mark}")`;
  const distinct = new Set(value).size;
  if (distinct === 1) return 'is one character repeated';
  if (distinct < MIN_DISTINCT_CHARACTERS) {
    return `holds only ${distinct} different characters (at least ${MIN_DISTINCT_CHARACTERS} needed): it is not random`;
  }
  const period = repeatPeriod(value);
  if (period !== null) return `repeats a pattern of ${period} characters: it is not random`;
  return null;
}

/**
 * The length of the shortest pattern whose repetition makes `value` (a partial last copy allowed), when it
 * repeats at least twice; null for text that does not repeat itself.
 */
function repeatPeriod(value: string): number | null {
  for (let period = 1; period * 2 <= value.length; period++) {
    let repeats = true;
    for (let i = period; i < value.length && repeats; i++) repeats = value[i] === value[i - period];
    if (repeats) return period;
  }
  return null;
}
