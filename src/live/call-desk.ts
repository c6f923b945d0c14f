/** The board of a live puzzle could take no more: the caller answers 503 with Retry-After, never retries. */
export class BoardOverloadedError extends Error {
  override name = 'BoardOverloadedError';
}

/** Attempts of one call to a board: the first and at most two retries of an error the runtime calls retryable. */
const ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 20;

interface PlatformError {
  retryable?: boolean;
  overloaded?: boolean;
}

/** Ids by name, per namespace: `idFromName` hashes the name on every call, and a board's id never changes. */
const ids = new WeakMap<object, Map<string, DurableObjectId>>();
/** Names kept per namespace: a live day's puzzles times their shards fit many times over. */
const MAX_IDS = 1024;

function idOf(namespace: { idFromName(name: string): DurableObjectId }, name: string): DurableObjectId {
  let known = ids.get(namespace);
  if (!known) {
    known = new Map();
    ids.set(namespace, known);
  }
  let id = known.get(name);
  if (!id) {
    if (known.size >= MAX_IDS) known.clear();
    id = namespace.idFromName(name);
    known.set(name, id);
  }
  return id;
}

/**
 * Calls a board object by name, as the Durable Objects error-handling page says: an `overloaded` error is
 * never retried (retrying would add to the load), a `retryable` one is, with backoff and a new stub each time
 * (a stub that failed may stay broken). Every board method is safe to repeat (a solve is deduplicated by
 * player, a flush or reload by what D1 already has, a shard's counts by their arrival numbers).
 */
export async function callDesk<Board extends Rpc.DurableObjectBranded, T>(
  namespace: DurableObjectNamespace<Board>,
  name: string,
  call: (board: DurableObjectStub<Board>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(namespace.get(idOf(namespace, name)));
    } catch (error) {
      const platform = (typeof error === 'object' && error !== null ? error : {}) as PlatformError;
      if (platform.overloaded === true) {
        throw new BoardOverloadedError(`the board ${name} is overloaded`, { cause: error });
      }
      if (platform.retryable !== true || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
}
