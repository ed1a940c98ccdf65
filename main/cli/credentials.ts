/**
 * The account of `folio sync`, `daemon` and `pair add`: from the environment only (FOLIO_CLIENT_ID,
 * FOLIO_CLIENT_SECRET, and optionally FOLIO_USER + FOLIO_PASSWORD for the strong user channel),
 * never from the command line, where other users of the machine could read them.
 */
import type { Credentials } from '../remote/client.ts';
import { UsageError } from './options.ts';

export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): Credentials {
  const clientId = env.FOLIO_CLIENT_ID;
  const clientSecret = env.FOLIO_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new UsageError('set FOLIO_CLIENT_ID and FOLIO_CLIENT_SECRET in the environment');
  if (Boolean(env.FOLIO_USER) !== Boolean(env.FOLIO_PASSWORD)) throw new UsageError('FOLIO_USER and FOLIO_PASSWORD go together');
  return { clientId, clientSecret, ...(env.FOLIO_USER && env.FOLIO_PASSWORD ? { user: { userName: env.FOLIO_USER, password: env.FOLIO_PASSWORD } } : {}) };
}
