import { descriptorOf, type Kind } from '../kinds/index.js';

/** The first problem with a solution's shape for this kind, or null when it is well-formed. */
export function solutionShapeError(kind: Kind, solution: unknown): string | null {
  const parsed = descriptorOf(kind).solution.safeParse(solution);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `solution.${issue.path.join('.')}: ` : 'solution: ';
  return `${where}${issue?.message ?? 'malformed'}`;
}
