/** Per-install secrets: created once, kept private, stable across restarts. */
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installSecret } from '../../../main/store/installSecret.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

function dataDir(): string {
  const d = tempDir('folio-secret-');
  dirs.push(d);
  return d;
}

describe('installSecret', () => {
  it('creates a random key readable by the owner only, and returns the same key afterwards', () => {
    const dir = dataDir();
    const key = installSecret(dir, 'test-key');
    expect(key).toHaveLength(32);
    expect(statSync(join(dir, 'secrets', 'test-key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'secrets')).mode & 0o777).toBe(0o700);
    expect(installSecret(dir, 'test-key').equals(key)).toBe(true);
    expect(readFileSync(join(dir, 'secrets', 'test-key')).equals(key)).toBe(true);
  });

  it('gives different installs and different names different keys', () => {
    const dir = dataDir();
    expect(installSecret(dir, 'a').equals(installSecret(dir, 'b'))).toBe(false);
    expect(installSecret(dataDir(), 'a').equals(installSecret(dir, 'a'))).toBe(false);
  });

  it('makes a key file that lost its mode private again', () => {
    const dir = dataDir();
    installSecret(dir, 'k');
    chmodSync(join(dir, 'secrets', 'k'), 0o644);
    installSecret(dir, 'k');
    expect(statSync(join(dir, 'secrets', 'k')).mode & 0o777).toBe(0o600);
  });

  it('refuses a name that could leave the secrets folder', () => {
    expect(() => installSecret(dataDir(), '../escape')).toThrow(/bad secret name/);
  });
});
