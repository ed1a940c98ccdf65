/** The version `folio --version` prints: package.json's, read where it lies beside main/ and dist/node/ alike. */
import { readFileSync } from 'node:fs';

// Two levels up from main/cli/ and from dist/node/ (where the bundle puts this module) is the package root.
const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

export function folioVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : undefined;
  if (typeof version !== 'string') throw new Error(`${PACKAGE_JSON.pathname} has no version`);
  return version;
}
