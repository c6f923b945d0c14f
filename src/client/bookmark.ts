/**
 * The D1 bookmark of the last response, sent back on the next request so that it reads at least that state
 * (the caller's own writes included) whichever database replica answers. The header's name is the
 * contract's (src/contract/d1-bookmark.ts); it is repeated here because the client imports nothing of the
 * contract at run time.
 */
export const BOOKMARK_HEADER = 'x-d1-bookmark';

/**
 * The newer of two bookmarks. D1 documents bookmarks as lexicographically sortable, oldest first, so a
 * response a cache kept (with the bookmark of an older request) never takes a client back.
 */
export function newerBookmark(kept: string | null, received: string | null): string | null {
  if (received === null || received === '') return kept;
  return kept === null || received > kept ? received : kept;
}
