import type { Db } from './client.js';

/** The id a site's own accounts know the player by, or null. */
export async function externalIdOf(_db: Db, _playerId: string): Promise<string | null> {
  // Players have no external ids until sign-in by a site's accounts lands (issue #44, item 1).
  return null;
}
