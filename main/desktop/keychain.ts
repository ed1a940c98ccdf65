/**
 * Where secrets live: the OS keychain (docs/architecture.md, "The desktop app") through `@napi-rs/keyring`'s keytar-compatible
 * API — Keychain on macOS, Credential Manager on Windows, the Secret Service on Linux. When no
 * keychain answers (a Linux box without a Secret Service, a locked one), secrets stay in this
 * process's memory only and the status says so: nothing is ever written to disk instead.
 */
import { randomBytes } from 'node:crypto';
import { deletePassword, getPassword, setPassword } from '@napi-rs/keyring/keytar.js';
import type { KeychainStatus } from '../../shared/desktop/api.ts';

export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  status(): KeychainStatus;
}

export const KEYCHAIN_SERVICE = 'Folio Desktop';

/** Secrets in this process only, gone when it exits. */
export class MemoryKeychain implements Keychain {
  private readonly secrets = new Map<string, string>();

  constructor(private readonly detail: string) {}

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }

  status(): KeychainStatus {
    return { available: false, backend: 'memory', detail: this.detail };
  }
}

export class OsKeychain implements Keychain {
  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  get(account: string): Promise<string | null> {
    return getPassword(this.service, account);
  }

  set(account: string, secret: string): Promise<void> {
    return setPassword(this.service, account, secret);
  }

  delete(account: string): Promise<boolean> {
    return deletePassword(this.service, account);
  }

  status(): KeychainStatus {
    return { available: true, backend: 'os-keychain', detail: '' };
  }
}

const PROBE_ACCOUNT = 'folio-keychain-probe';
const PROBE_TIMEOUT_MS = 5_000;

/**
 * The OS keychain if it stores, returns and deletes a probe secret, else memory with the reason.
 * A read alone is not enough: on Linux without a Secret Service, reading an absent entry succeeds
 * while every write is refused.
 */
export async function openKeychain(service = KEYCHAIN_SERVICE): Promise<Keychain> {
  const os = new OsKeychain(service);
  const probe = randomBytes(16).toString('hex');
  try {
    await withTimeout(os.set(PROBE_ACCOUNT, probe), PROBE_TIMEOUT_MS);
    const back = await withTimeout(os.get(PROBE_ACCOUNT), PROBE_TIMEOUT_MS);
    await withTimeout(os.delete(PROBE_ACCOUNT), PROBE_TIMEOUT_MS);
    if (back !== probe) throw new Error('the keychain returned something else than it was given');
    return os;
  } catch (err) {
    return new MemoryKeychain(`The system keychain did not answer (${err instanceof Error ? err.message : String(err)}).`);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the keychain did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
