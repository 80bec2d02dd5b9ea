// Lints the console's OpenAPI document with Redocly's recommended rules (redocly.yaml): an error fails,
// warnings are shown (docs/api.md#the-openapi-document). Nothing is fetched: telemetry and the update check
// are off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from './openapi-document.ts';

const root = new URL('..', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'console-openapi-'));
const file = join(folder, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
  const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js');
  const result = spawnSync(
    process.execPath,
    [redocly, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'summary'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
