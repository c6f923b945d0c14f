/**
 * `npm run lint:openapi` (part of `npm test`): writes the OpenAPI document the Worker serves to a
 * temporary file and lints it with Redocly's recommended rules, warnings counted as errors
 * (redocly.yaml says which rules are off and why). Exits non-zero on any problem. Offline: telemetry
 * and the update check are off.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from './openapi-document.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const file = path.join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'redocly'),
    [
      'lint',
      file,
      '--config',
      path.join(root, 'redocly.yaml'),
      '--format',
      'stylish',
      '--max-problems',
      '1000',
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
