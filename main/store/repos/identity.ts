/** Tenants, API clients and users. */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

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

interface ClientRow {
  client_id: string;
  tenant_id: string;
  secret_hash: string;
  act_as_user_allowed: number;
  scopes: string;
  public: number;
  redirect_uris: string;
}

interface UserRow {
  user_id: string;
  tenant_id: string;
  name: string;
  password_hash: string;
  source: string | null;
  source_id: string | null;
  require_password_change: number;
}

const toClient = (r: ClientRow): ClientRecord => ({
  clientId: r.client_id,
  tenantId: r.tenant_id,
  secretHash: r.secret_hash,
  actAsUserAllowed: r.act_as_user_allowed === 1,
  scopes: JSON.parse(r.scopes) as string[],
  isPublic: r.public === 1,
  redirectUris: JSON.parse(r.redirect_uris) as string[],
});

const toUser = (r: UserRow): UserRecord => ({
  userId: r.user_id,
  tenantId: r.tenant_id,
  name: r.name,
  passwordHash: r.password_hash,
  source: r.source,
  sourceId: r.source_id,
  requirePasswordChange: r.require_password_change === 1,
});

export class IdentityRepository extends Repository {

  createTenant(name: string): string {
    const tenantId = newId('tnt');
    this.prepared('INSERT INTO tenants (tenant_id, name, create_time) VALUES (?, ?, ?)').run(tenantId, name, nowIso());
    return tenantId;
  }

  tenantExists(tenantId: string): boolean {
    return this.prepared('SELECT 1 FROM tenants WHERE tenant_id = ?').get(tenantId) !== undefined;
  }

  createClient(input: { tenantId: string; secretHash: string; actAsUserAllowed: boolean; scopes: string[]; isPublic?: boolean; redirectUris?: string[] }): string {
    const clientId = newId('cli');
    this.prepared('INSERT INTO api_clients (client_id, tenant_id, secret_hash, act_as_user_allowed, scopes, create_time, public, redirect_uris) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(clientId, input.tenantId, input.secretHash, input.actAsUserAllowed ? 1 : 0, JSON.stringify(input.scopes), nowIso(), input.isPublic ? 1 : 0, JSON.stringify(input.redirectUris ?? []));
    return clientId;
  }

  /** The tenant's first public client: the one the desktop app signs in with when it names no client. */
  firstPublicClient(tenantId: string): ClientRecord | undefined {
    const row = this.prepared<[string], ClientRow>('SELECT * FROM api_clients WHERE tenant_id = ? AND public = 1 ORDER BY rowid LIMIT 1').get(tenantId);
    return row && toClient(row);
  }

  findTenantByName(name: string): string | undefined {
    return this.prepared<[string], { tenant_id: string }>('SELECT tenant_id FROM tenants WHERE name = ? ORDER BY rowid LIMIT 1').get(name)?.tenant_id;
  }

  /** The tenant's id when the service has exactly one, else undefined. */
  soleTenant(): string | undefined {
    const rows = this.prepared<[], { tenant_id: string }>('SELECT tenant_id FROM tenants LIMIT 2').all();
    return rows.length === 1 ? rows[0]?.tenant_id : undefined;
  }

  getClient(clientId: string): ClientRecord | undefined {
    const row = this.prepared<[string], ClientRow>('SELECT * FROM api_clients WHERE client_id = ?').get(clientId);
    return row && toClient(row);
  }

  createUser(input: {
    tenantId: string;
    name: string;
    passwordHash: string;
    source: string | null;
    sourceId: string | null;
  }): string {
    const userId = newId('usr');
    this.prepared('INSERT INTO users (user_id, tenant_id, name, password_hash, source, source_id, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(userId, input.tenantId, input.name, input.passwordHash, input.source, input.sourceId, nowIso());
    return userId;
  }

  getUser(tenantId: string, userId: string): UserRecord | undefined {
    const row = this.prepared<[string, string], UserRow>('SELECT * FROM users WHERE tenant_id = ? AND user_id = ?')
      .get(tenantId, userId);
    return row && toUser(row);
  }

  findUserByName(tenantId: string, name: string): UserRecord | undefined {
    const row = this.prepared<[string, string], UserRow>('SELECT * FROM users WHERE tenant_id = ? AND name = ?').get(tenantId, name);
    return row && toUser(row);
  }

  findUserByExternalId(tenantId: string, source: string, sourceId: string): UserRecord | undefined {
    const row = this.prepared<[string, string, string], UserRow>('SELECT * FROM users WHERE tenant_id = ? AND source = ? AND source_id = ?')
      .get(tenantId, source, sourceId);
    return row && toUser(row);
  }

  /**
   * Display names for createBy/updateBy ids: a user's name; for APP_ONLY work, the tenant's API
   * client, which has no name of its own; the id itself for anything else (a user since deleted).
   */
  displayName(tenantId: string, principalId: string): string {
    const row = this.prepared<[string, string], { name: string }>('SELECT name FROM users WHERE tenant_id = ? AND user_id = ?')
      .get(tenantId, principalId);
    if (row) return row.name;
    const client = this.prepared<[string, string], { client_id: string }>('SELECT client_id FROM api_clients WHERE tenant_id = ? AND client_id = ?').get(tenantId, principalId);
    return client ? APPLICATION_NAME : principalId;
  }
}
