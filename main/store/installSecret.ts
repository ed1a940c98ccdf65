/**
 * Per-install secrets: random keys created on first use in the data directory, readable by the
 * owner only (0600, in a 0700 folder). They never leave the machine and never go into SQLite.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { syncDirectorySync } from '../platform/durable.ts';

const SECRET_NAME = /^[a-z0-9-]+$/;

/**
 * Returns the secret `name`, creating it if it does not exist. Creation is atomic (write a temp
 * file, then link it into place), so two processes starting at once end up with the same key, and
 * durable (the file and then its directory are fsynced), so a crash cannot leave an empty key.
 */
export function installSecret(dataDir: string, name: string, bytes = 32): Buffer {
  if (!SECRET_NAME.test(name)) throw new Error(`bad secret name: ${name}`);
  const dir = join(dataDir, 'secrets');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  const existing = readIfPresent(path);
  if (existing) return existing;
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeDurably(temp, randomBytes(bytes));
  try {
    linkSync(temp, path);
    syncDirectorySync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  return readIfPresent(path) ?? fail(path);
}

function writeDurably(path: string, bytes: Buffer): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    const secret = readFileSync(path);
    // A copy restored from a backup may have lost its mode; the key must stay private.
    chmodSync(path, 0o600);
    return secret.length > 0 ? secret : fail(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function fail(path: string): never {
  throw new Error(`secret file ${path} is empty or unreadable`);
}
