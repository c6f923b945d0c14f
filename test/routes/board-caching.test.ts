import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { documentOf } from '../support/openapi.js';
import { bearer, register } from '../support/play.js';

const date = '2026-08-10';
const noon = '2026-08-10T12:00:00Z';
const get = appAt(noon);

/** Every board the document lists (a GET under /v1/leaderboards), its parameters filled in. */
async function boardPaths(): Promise<string[]> {
  const doc = await documentOf(await get('/openapi.json'));
  return Object.keys(doc.paths)
    .filter((path) => path.startsWith('/v1/leaderboards/') && doc.paths[path]?.get !== undefined)
    .map((path) => path.replace('{date}', date).replace('{kind}', 'sudoku').replace('{level}', 'easy'));
}

describe('every board in the document', () => {
  it('is public for a few seconds to anonymous readers and private to a reader with a token', async () => {
    const paths = await boardPaths();
    expect(paths.length).toBeGreaterThanOrEqual(3);
    const { token } = await register(noon);
    for (const path of paths) {
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(200);
      expect(anonymous.headers.get('Cache-Control'), path).toBe('public, max-age=5');
      const own = await get(path, { headers: bearer(token) });
      expect(own.status, path).toBe(200);
      // It may carry the reader's own rank: no shared cache may keep it for anyone else.
      expect(own.headers.get('Cache-Control'), path).toBe('private, no-store');
      expect(own.headers.get('Vary'), path).toContain('Authorization');
    }
  });
});
