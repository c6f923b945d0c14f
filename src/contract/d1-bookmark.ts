/**
 * The D1 bookmark a response carries and a request may hand back (SCALING.md, step 2): the position in the
 * database the response's session reached, so that the caller's next request reads at least that state,
 * its own writes included, whichever replica answers.
 */
export const D1_BOOKMARK_HEADER = 'x-d1-bookmark';

/**
 * What D1 hands out: three 8-digit hex counters and a hex hash, 32 digits from local workerd
 * (`00000000-00000013-00000000-` + 32) and up to 64 in the bookmarks Time Travel shows. Nothing else is
 * accepted, so at most 91 characters reach `withSession` (which takes any string locally and echoes it back).
 */
export const D1_BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32,64}$/;

/** The longest bookmark accepted. */
export const D1_BOOKMARK_MAX_LENGTH = 3 * (8 + 1) + 64;
