import { CARD_HEIGHT, CARD_WIDTH, type ShareCard } from '../contract/shares.js';
import { escapeMarkup } from './escape.js';
import { clockTime, puzzleLabel } from './figures.js';

export interface PageUrls {
  page: string;
  png: string;
}

/**
 * The share's public page: Open Graph and Twitter card tags (absolute URLs, so that a chat's link preview
 * finds the image), the card, the chat line and a link to play. No script and no inline style (the page
 * headers' Content-Security-Policy allows neither): its stylesheet is public/share.css. Every text is escaped.
 */
export function sharePage(card: ShareCard, text: string, urls: PageUrls): string {
  const title = `Daily puzzles ${card.date}`;
  const description = card.puzzles.map((p) => `${puzzleLabel(p)} in ${clockTime(p.countedMs)}`).join(' · ');
  const e = escapeMarkup;
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${e(value)}">`;
  return publicPage(
    e(title),
    [
      meta('name', 'description', description),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', 'Daily puzzles'),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', urls.page),
      meta('property', 'og:image', urls.png),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', String(CARD_WIDTH)),
      meta('property', 'og:image:height', String(CARD_HEIGHT)),
      meta('property', 'og:image:alt', description),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', urls.png),
    ],
    [
      `<h1>${e(title)}</h1>`,
      `<img src="${e(urls.png)}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" alt="${e(description)}">`,
      `<pre>${e(text)}</pre>`,
    ],
  );
}

/**
 * What a browser gets for a share link that leads nowhere (revoked, its player deleted or banned, or never
 * made): a short page in plain words with a way on, instead of the API's JSON.
 */
export function missingSharePage(): string {
  return publicPage(
    'Share not found · Daily puzzles',
    [],
    [
      '<h1>This share is not here</h1>',
      '<p>The result it showed was taken down by its player, or the link was never made. Nothing else is wrong.</p>',
    ],
  );
}

/**
 * The frame of the share pages: not indexed, the site's icon and public/share.css, and a way on to play.
 * No script and no inline style, which the page headers' Content-Security-Policy allows neither of.
 * `title`, `head` and `main` are markup already escaped.
 */
function publicPage(title: string, head: readonly string[], main: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${title}</title>`,
    ...head,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="stylesheet" href="/share.css">',
    '</head>',
    '<body>',
    '<main>',
    ...main,
    '<p><a href="/">Play today’s puzzles</a></p>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
