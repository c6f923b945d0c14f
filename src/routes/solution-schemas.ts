import { z } from '@hono/zod-openapi';
import { descriptorOf, KINDS, type Kind } from '../kinds/index.js';

/**
 * Any kind's solution shape, for the request schema; the route then checks the shape of the kind in the
 * URL (`solutionShapeError`). A body of the wrong shape is a 400 and changes nothing, while a well-formed
 * wrong answer is judged by the engine and recorded as an attempt.
 */
export const AnySolution = z.union(KINDS.map((kind) => descriptorOf(kind).solution));

/** The first problem with a solution's shape for this kind, or null when it is well-formed. */
export function solutionShapeError(kind: Kind, solution: unknown): string | null {
  const parsed = descriptorOf(kind).solution.safeParse(solution);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `solution.${issue.path.join('.')}: ` : 'solution: ';
  return `${where}${issue?.message ?? 'malformed'}`;
}
