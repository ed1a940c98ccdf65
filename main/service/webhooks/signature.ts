/**
 * Standard Webhooks signing (standardwebhooks.com): `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret's bytes (the
 * base64 after the `whsec_` prefix). Receivers can verify with any Standard Webhooks library.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export function newSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
