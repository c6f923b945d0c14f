/**
 * Part of the assets' build (`npm run build:assets`, run once by `npm start`, `npm test` and before a
 * deploy): copies Swagger UI from swagger-ui-dist, pinned in package.json, into the static assets, where /docs loads
 * it from this origin. Nothing is fetched from a CDN at run time, and the copy is never committed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncFile } from './sync-file.mjs';

const FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'];

const from = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const to = fileURLToPath(new URL('../public/docs/swagger-ui/', import.meta.url));
for (const file of FILES) syncFile(path.join(from, file), path.join(to, file));
