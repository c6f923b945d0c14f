/** A deployed secret must be at least this long: `openssl rand -hex 32` gives 64 characters. */
export const MIN_SECRET_LENGTH = 32;

/** Words that mark a value copied from an example rather than generated. */
const PLACEHOLDER_MARKS = ['change-me', 'changeme', 'placeholder', 'example', 'xxx', 'your-'];

/**
 * Why `value` cannot protect a deployment, or null when it may: missing, short, one of the published
 * development values, a placeholder, or a single repeated character.
 */
export function secretProblem(value: string | undefined, published: readonly string[]): string | null {
  if (!value) return 'is not set';
  if (value.length < MIN_SECRET_LENGTH) return `is shorter than ${MIN_SECRET_LENGTH} characters`;
  if (published.includes(value)) return 'is a development default published in the source';
  const lower = value.toLowerCase();
  const mark = PLACEHOLDER_MARKS.find((m) => lower.includes(m));
  if (mark) return `looks like a placeholder (contains "${mark}")`;
  if (new Set(value).size === 1) return 'is one character repeated';
  return null;
}
