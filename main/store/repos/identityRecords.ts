/** Tenants, API clients and users as the store hands them out, and how a row of each becomes one. */

/** What a person reads where an API client acting for itself made something. */
export const APPLICATION_NAME = 'the tenant application';

export interface ClientRecord {
  clientId: string;
  tenantId: string;
  secretHash: string;
  actAsUserAllowed: boolean;
  scopes: string[];
  /** A public client (RFC 6749 §2.1) holds no secret and only signs users in through the browser. */
  isPublic: boolean;
  /** Where a public client may receive authorization codes; a loopback URI matches on any port. */
  redirectUris: string[];
}

export interface UserRecord {
  userId: string;
  tenantId: string;
  name: string;
  passwordHash: string;
  source: string | null;
  sourceId: string | null;
  requirePasswordChange: boolean;
}

export interface ClientRow {
  client_id: string;
  tenant_id: string;
  secret_hash: string;
  act_as_user_allowed: number;
  scopes: string;
  public: number;
  redirect_uris: string;
}

export interface UserRow {
  user_id: string;
  tenant_id: string;
  name: string;
  password_hash: string;
  source: string | null;
  source_id: string | null;
  require_password_change: number;
}

export const toClient = (r: ClientRow): ClientRecord => ({
  clientId: r.client_id,
  tenantId: r.tenant_id,
  secretHash: r.secret_hash,
  actAsUserAllowed: r.act_as_user_allowed === 1,
  scopes: JSON.parse(r.scopes) as string[],
  isPublic: r.public === 1,
  redirectUris: JSON.parse(r.redirect_uris) as string[],
});

export const toUser = (r: UserRow): UserRecord => ({
  userId: r.user_id,
  tenantId: r.tenant_id,
  name: r.name,
  passwordHash: r.password_hash,
  source: r.source,
  sourceId: r.source_id,
  requirePasswordChange: r.require_password_change === 1,
});
