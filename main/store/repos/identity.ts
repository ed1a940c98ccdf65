/** Tenants, API clients and users. */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import { APPLICATION_NAME, toClient, toUser, type ClientRecord, type ClientRow, type UserRecord, type UserRow } from './identityRecords.ts';

export class IdentityRepository extends Repository {

  createTenant(name: string): string {
    const tenantId = newId('tnt');
    this.prepared('INSERT INTO tenants (tenant_id, name, create_time) VALUES (?, ?, ?)').run(tenantId, name, nowIso());
    return tenantId;
  }

  async tenantExists(tenantId: string): Promise<boolean> {
    return this.prepared('SELECT 1 FROM tenants WHERE tenant_id = ?').get(tenantId) !== undefined;
  }

  createClient(input: { tenantId: string; secretHash: string; actAsUserAllowed: boolean; scopes: string[]; isPublic?: boolean; redirectUris?: string[] }): string {
    const clientId = newId('cli');
    this.prepared('INSERT INTO api_clients (client_id, tenant_id, secret_hash, act_as_user_allowed, scopes, create_time, public, redirect_uris) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(clientId, input.tenantId, input.secretHash, input.actAsUserAllowed ? 1 : 0, JSON.stringify(input.scopes), nowIso(), input.isPublic ? 1 : 0, JSON.stringify(input.redirectUris ?? []));
    return clientId;
  }

  /** The tenant's first public client: the one the desktop app signs in with when it names no client. */
  async firstPublicClient(tenantId: string): Promise<ClientRecord | undefined> {
    const row = this.prepared<[string], ClientRow>('SELECT * FROM api_clients WHERE tenant_id = ? AND public = 1 ORDER BY rowid LIMIT 1').get(tenantId);
    return row && toClient(row);
  }

  async findTenantByName(name: string): Promise<string | undefined> {
    return this.prepared<[string], { tenant_id: string }>('SELECT tenant_id FROM tenants WHERE name = ? ORDER BY rowid LIMIT 1').get(name)?.tenant_id;
  }

  /** The tenant's id when the service has exactly one, else undefined. */
  async soleTenant(): Promise<string | undefined> {
    const rows = this.prepared<[], { tenant_id: string }>('SELECT tenant_id FROM tenants LIMIT 2').all();
    return rows.length === 1 ? rows[0]?.tenant_id : undefined;
  }

  async getClient(clientId: string): Promise<ClientRecord | undefined> {
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

  async getUser(tenantId: string, userId: string): Promise<UserRecord | undefined> {
    const row = this.prepared<[string, string], UserRow>('SELECT * FROM users WHERE tenant_id = ? AND user_id = ?')
      .get(tenantId, userId);
    return row && toUser(row);
  }

  async findUserByName(tenantId: string, name: string): Promise<UserRecord | undefined> {
    const row = this.prepared<[string, string], UserRow>('SELECT * FROM users WHERE tenant_id = ? AND name = ?').get(tenantId, name);
    return row && toUser(row);
  }

  async findUserByExternalId(tenantId: string, source: string, sourceId: string): Promise<UserRecord | undefined> {
    const row = this.prepared<[string, string, string], UserRow>('SELECT * FROM users WHERE tenant_id = ? AND source = ? AND source_id = ?')
      .get(tenantId, source, sourceId);
    return row && toUser(row);
  }

  /**
   * Display names for createBy/updateBy ids: a user's name; for APP_ONLY work, the tenant's API
   * client, which has no name of its own; the id itself for anything else (a user since deleted).
   */
  async displayName(tenantId: string, principalId: string): Promise<string> {
    const row = this.prepared<[string, string], { name: string }>('SELECT name FROM users WHERE tenant_id = ? AND user_id = ?')
      .get(tenantId, principalId);
    if (row) return row.name;
    const client = this.prepared<[string, string], { client_id: string }>('SELECT client_id FROM api_clients WHERE tenant_id = ? AND client_id = ?').get(tenantId, principalId);
    return client ? APPLICATION_NAME : principalId;
  }
}
