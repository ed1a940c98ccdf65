/** Secrets, passwords and opaque tokens. Only hashes are stored. */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** A fresh opaque token or secret: 256 random bits, URL-safe. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/**
 * Tokens and client secrets carry 256 random bits, so a fast hash is enough to make a leaked
 * database useless; passwords, chosen by people, get scrypt.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const SCRYPT_N = 16384;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: SCRYPT_N });
  return `scrypt$${SCRYPT_N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function passwordMatches(password: string, stored: string): boolean {
  const [scheme, n, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n) });
  return timingSafeEqual(actual, expected);
}
