import { descriptorOf, type Kind } from '../kinds/index.js';
import { logEntryProblem } from '../kinds/log-entry.js';

/** The first entry of a log that is not shaped like this kind's, or null when all are. */
export function logShapeError(kind: Kind, log: readonly unknown[]): string | null {
  const { logEntry, logFormat } = descriptorOf(kind);
  for (let i = 0; i < log.length; i++) {
    const problem = logEntryProblem(logEntry, log[i]);
    if (!problem) continue;
    const where = problem.index === null ? '' : `[${problem.index}]`;
    return `log[${i}]${where}: ${problem.message} (entries are ${logFormat})`;
  }
  return null;
}
