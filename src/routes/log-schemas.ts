import { descriptorOf, type Kind } from '../kinds/index.js';

/** The first entry of a log that is not shaped like this kind's, or null when all are. */
export function logShapeError(kind: Kind, log: readonly unknown[]): string | null {
  const schema = descriptorOf(kind).logEntry;
  for (let i = 0; i < log.length; i++) {
    const parsed = schema.safeParse(log[i]);
    if (parsed.success) continue;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `[${issue.path.join('][')}]` : '';
    return `log[${i}]${where}: ${issue?.message ?? 'malformed'} (entries are ${descriptorOf(kind).logFormat})`;
  }
  return null;
}
