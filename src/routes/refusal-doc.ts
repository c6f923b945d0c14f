/**
 * A refusal that belongs to a kind of route rather than to one route, added to each such operation of the
 * generated document among its own: `status`'s description gains the line, or the status is added.
 */
interface Operation {
  parameters?: { name?: string }[];
  security?: Record<string, string[]>[];
  responses?: Record<string, { description: string; content?: unknown }>;
}

interface Document {
  paths?: Record<string, object>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

export interface RefusalLine {
  status: number;
  line: string;
}

/** Adds `lines` to every operation of `doc` that `applies` says meets them. */
export function withRefusals<D extends Document>(
  doc: D,
  applies: (operation: Operation) => boolean,
  lines: readonly RefusalLine[],
): D {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation || !applies(operation)) continue;
      operation.responses ??= {};
      const responses = operation.responses;
      for (const { status, line } of lines) {
        const own = responses[status];
        responses[status] = own
          ? { ...own, description: `${own.description}; ${line}` }
          : {
              description: line,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            };
      }
    }
  }
  return doc;
}

/** The operations that take an `Idempotency-Key`. */
export const takesIdempotencyKey = (operation: Operation) =>
  (operation.parameters ?? []).some((p) => p.name === 'Idempotency-Key');

/** The operations a player's token reaches only when it is a full one. */
export const needsFullToken = (operation: Operation) =>
  (operation.security ?? []).some((r) => r.player?.includes('full'));
