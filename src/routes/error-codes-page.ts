import { escapeMarkup } from '../card/escape.js';
import { ERROR_CODES, type ErrorCode } from '../contract/error-codes.js';

/** A meaning's `code spans` as <code>, the rest escaped. */
function meaningHtml(meaning: string): string {
  return meaning
    .split('`')
    .map((part, i) => (i % 2 === 1 ? `<code>${escapeMarkup(part)}</code>` : escapeMarkup(part)))
    .join('');
}

/**
 * `/docs/errors`: every error code of the API with its meaning, one section per code whose id is the code,
 * so an error's `docUrl` (`/docs/errors#<code>`) lands on it. Made from the one table of codes.
 */
export const ERROR_CODES_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Daily puzzles API: error codes</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <h1>Error codes</h1>
    <p>Every refusal is JSON: <code>{"error": {"code", "message", "param"?, "docUrl", "details"?, "requestId"?}}</code>.
    <code>code</code> is one of these; <code>param</code> names the field at fault where there is one. The
    <a href="/docs">API reference</a> lists each route's answers.</p>
${(Object.entries(ERROR_CODES) as [ErrorCode, string][])
  .map(
    ([code, meaning]) =>
      `    <section id="${code}">\n      <h2><code>${code}</code></h2>\n      <p>${meaningHtml(meaning)}</p>\n    </section>`,
  )
  .join('\n')}
  </body>
</html>
`;
