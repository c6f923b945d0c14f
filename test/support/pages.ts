/** One page of a cursor-paged list, as every paged route answers it. */
export interface Page<T> {
  entries: T[];
  nextCursor: string | null;
}

/**
 * Every entry of a paged list, page after page from the first, bounded: a cursor that never ends (a loop in
 * the paging) fails with a message after `maxPages` instead of hanging the test until its timeout.
 */
export async function allPages<T>(
  readPage: (cursor: string | null) => Promise<Page<T>>,
  maxPages = 1_000,
): Promise<T[]> {
  const entries: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < maxPages; pages++) {
    const page: Page<T> = await readPage(cursor);
    entries.push(...page.entries);
    if (!page.nextCursor) return entries;
    cursor = page.nextCursor;
  }
  throw new Error(`still paging after ${maxPages} pages (last cursor ${cursor}): does the cursor loop?`);
}
