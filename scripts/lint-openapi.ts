/**
 * `npm run lint:openapi`: lints the description that GET /v1/openapi.json serves with Redocly,
 * under redocly.yaml. The service is built in-process on an empty temporary store (the
 * description does not depend on data) and asked for the route over Fastify's inject; the answer
 * goes to .tmp/openapi/openapi.json, which `redocly lint` reads. Exits with Redocly's code: non-zero
 * on any error.
 *
 * The file's path is fixed because .redocly.lint-ignore.yaml names it: that file lists, one by one,
 * the few warnings that are right for the operation (a probe has no 4xx answer), so any new
 * warning still shows.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { buildApp } from '../main/service/app.ts';
import { openStore } from '../main/store/index.ts';

const ROOT = resolve(import.meta.dirname, '..');

async function servedDescription(dataDir: string): Promise<string> {
  const store = await openStore(dataDir);
  const app = await buildApp(store, { backgroundJobs: false });
  try {
    const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}: ${res.body}`);
    return res.body;
  } finally {
    await app.close();
    store.close();
  }
}

function redoclyLint(file: string): number {
  const pkg = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
  const cli = join(dirname(pkg), 'bin', 'cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', '--config', join(ROOT, 'redocly.yaml'), file], {
    stdio: 'inherit',
    // CI runs offline: no telemetry, no update check.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
  });
  if (run.error) throw run.error;
  return run.status ?? 1;
}

const dataDir = mkdtempSync(join(tmpdir(), 'folio-openapi-'));
const outDir = join(ROOT, '.tmp', 'openapi');
try {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'openapi.json');
  writeFileSync(file, await servedDescription(dataDir));
  process.exitCode = redoclyLint(relative(process.cwd(), file));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
