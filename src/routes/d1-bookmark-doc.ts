import { D1_BOOKMARK_HEADER, D1_BOOKMARK_MAX_LENGTH, D1_BOOKMARK_PATTERN } from '../contract/d1-bookmark.js';

/** What this file reads and writes of the generated document: its operations' parameters and responses. */
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: unknown;
}

interface Operation {
  parameters?: unknown[];
  responses?: Record<string, Response>;
}

interface Document {
  paths?: Record<string, object>;
  components?: { headers?: object };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const NAME = 'D1Bookmark';
const SCHEMA = { type: 'string', pattern: D1_BOOKMARK_PATTERN.source, maxLength: D1_BOOKMARK_MAX_LENGTH };
const REFUSAL = `\`invalid_bookmark\`: ${D1_BOOKMARK_HEADER} is not a bookmark this service sent`;

/**
 * No example on the request header: a made-up bookmark names a state the database may never reach, and a
 * tool that sends examples should send none.
 */
const parameter = {
  name: D1_BOOKMARK_HEADER,
  in: 'header',
  required: false,
  description:
    'The `x-d1-bookmark` of an earlier response: this request then reads at least the state that response ' +
    'saw, its writes included, whichever database replica answers. A read without one may be answered by ' +
    'any replica; a write always runs on the primary. The client package and the demo page send their ' +
    'newest one on every request.',
  schema: SCHEMA,
};

const header = {
  description:
    "The D1 bookmark this request's database session reached (absent when it read nothing): send it back " +
    'as the `x-d1-bookmark` request header to read your own writes. Bookmarks sort oldest first; keep the newest.',
  schema: { ...SCHEMA, example: `00000000-00000013-00000000-${'0'.repeat(32)}` },
};

/**
 * The D1 session every /v1 request runs in (src/http/d1-session.ts), in the document: the request header on
 * every operation, the response header on every response, and the 400 `invalid_bookmark` among each
 * operation's refusals. Added to the generated document because it belongs to no route but to all of them.
 */
export function withD1Bookmark<D extends Document>(doc: D): D {
  doc.components = {
    ...doc.components,
    headers: { ...doc.components?.headers, [NAME]: header },
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/v1/')) continue;
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (operation) withBookmark(operation);
    }
  }
  return doc;
}

function withBookmark(operation: Operation): void {
  // Inline, as every other parameter of the document is: tools that read parameters follow no $ref.
  operation.parameters = [...(operation.parameters ?? []), parameter];
  const responses = operation.responses ?? {};
  const refused = responses[400];
  responses[400] = refused
    ? { ...refused, description: `${refused.description}; ${REFUSAL}` }
    : {
        description: REFUSAL,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
  for (const response of Object.values(responses)) {
    response.headers = {
      ...response.headers,
      [D1_BOOKMARK_HEADER]: { $ref: `#/components/headers/${NAME}` },
    };
  }
  operation.responses = responses;
}
