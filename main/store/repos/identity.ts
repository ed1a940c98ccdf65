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

  createClient(input: { tenantId: string; secretHash: string; actAsUserAllowed: boolean; scopes: string[] }): string {
    const clientId = newId('cli');
    this.prepared('INSERT INTO api_clients (client_id, tenant_id, secret_hash, act_as_user_allowed, scopes, create_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(clientId, input.tenantId, input.secretHash, input.actAsUserAllowed ? 1 : 0, JSON.stringify(input.scopes), nowIso());
    return clientId;
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
