import { z } from '@hono/zod-openapi';
import type { LogEntry } from '../engines/types.js';
import { descriptorOf, type Kind } from '../kinds/index.js';

/** Enough for a 25×25 nonogram solved with many corrections; the body limit of submissions is sized for it. */
export const MAX_LOG_ENTRIES = 3000;

/** Any kind's log entry, for the request schema; the route then checks the entries of the kind in the URL. */
export const AnyLogEntry = z
  .tuple([z.number().int(), z.number().int(), z.number().int()])
  .openapi('LogEntry', {
    description: "`[t, a, b]`: milliseconds since the session started, then two numbers of the kind's format",
  });

/** The first entry of a log that is not shaped like this kind's, or null when all are. */
export function logShapeError(kind: Kind, log: readonly LogEntry[]): string | null {
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
