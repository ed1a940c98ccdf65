/** Tenants, API clients and users over either database: one set of queries for both. */
import type { Kysely } from 'kysely';
import { newId, nowIso } from '../../ids.ts';
import { APPLICATION_NAME, toClient, toUser, type ClientRecord, type UserRecord } from '../../repos/identityRecords.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';

const CLIENT_COLUMNS = ['client_id', 'tenant_id', 'secret_hash', 'act_as_user_allowed', 'scopes', 'public', 'redirect_uris'] as const;
const USER_COLUMNS = ['user_id', 'tenant_id', 'name', 'password_hash', 'source', 'source_id', 'require_password_change'] as const;

// Read on every request (the caller's client and user) and for every item an answer names.
const clientById = compiledOnce((q: Kysely<StoreSchema>, clientId: string) => q.selectFrom('api_clients').select(CLIENT_COLUMNS).where('client_id', '=', clientId));
const userById = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, userId: string) =>
  q.selectFrom('users').select(USER_COLUMNS).where('tenant_id', '=', tenantId).where('user_id', '=', userId),
);
const userName = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, userId: string) =>
  q.selectFrom('users').select('name').where('tenant_id', '=', tenantId).where('user_id', '=', userId),
);
const tenantClient = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, clientId: string) =>
  q.selectFrom('api_clients').select('client_id').where('tenant_id', '=', tenantId).where('client_id', '=', clientId),
);

export class AsyncIdentityRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  async createTenant(name: string): Promise<string> {
    const tenantId = newId('tnt');
    await this.q.insertInto('tenants').values({ tenant_id: tenantId, name, create_time: nowIso() }).execute();
    return tenantId;
  }

  async tenantExists(tenantId: string): Promise<boolean> {
    const row = await this.q.selectFrom('tenants').select('tenant_id').where('tenant_id', '=', tenantId).executeTakeFirst();
    return row !== undefined;
  }

  async createClient(input: { tenantId: string; secretHash: string; actAsUserAllowed: boolean; scopes: string[]; isPublic?: boolean; redirectUris?: string[] }): Promise<string> {
    const clientId = newId('cli');
    await this.q
      .insertInto('api_clients')
      .values({
        client_id: clientId,
        tenant_id: input.tenantId,
        secret_hash: input.secretHash,
        act_as_user_allowed: input.actAsUserAllowed ? 1 : 0,
        scopes: JSON.stringify(input.scopes),
        create_time: nowIso(),
        public: input.isPublic ? 1 : 0,
        redirect_uris: JSON.stringify(input.redirectUris ?? []),
      })
      .execute();
    return clientId;
  }

  /** The tenant's first public client: the one the desktop app signs in with when it names no client. */
  async firstPublicClient(tenantId: string): Promise<ClientRecord | undefined> {
    const row = await this.q
      .selectFrom('api_clients')
      .select(CLIENT_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('public', '=', 1)
      .orderBy('rowid')
      .limit(1)
      .executeTakeFirst();
    return row && toClient(row);
  }

  async findTenantByName(name: string): Promise<string | undefined> {
    const row = await this.q.selectFrom('tenants').select('tenant_id').where('name', '=', name).orderBy('rowid').limit(1).executeTakeFirst();
    return row?.tenant_id;
  }

  /** The tenant's id when the service has exactly one, else undefined. */
  async soleTenant(): Promise<string | undefined> {
    const rows = await this.q.selectFrom('tenants').select('tenant_id').limit(2).execute();
    return rows.length === 1 ? rows[0]?.tenant_id : undefined;
  }

  async getClient(clientId: string): Promise<ClientRecord | undefined> {
    const [row] = (await clientById.run(this.q, clientId)).rows;
    return row && toClient(row);
  }

  async createUser(input: { tenantId: string; name: string; passwordHash: string; source: string | null; sourceId: string | null }): Promise<string> {
    const userId = newId('usr');
    await this.q
      .insertInto('users')
      .values({
        user_id: userId,
        tenant_id: input.tenantId,
        name: input.name,
        password_hash: input.passwordHash,
        source: input.source,
        source_id: input.sourceId,
        create_time: nowIso(),
      })
      .execute();
    return userId;
  }

  async getUser(tenantId: string, userId: string): Promise<UserRecord | undefined> {
    const [row] = (await userById.run(this.q, tenantId, userId)).rows;
    return row && toUser(row);
  }

  async findUserByName(tenantId: string, name: string): Promise<UserRecord | undefined> {
    const row = await this.q.selectFrom('users').select(USER_COLUMNS).where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
    return row && toUser(row);
  }

  async findUserByExternalId(tenantId: string, source: string, sourceId: string): Promise<UserRecord | undefined> {
    const row = await this.q
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('source', '=', source)
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
    return row && toUser(row);
  }

  /**
   * Display names for createBy/updateBy ids: a user's name; for APP_ONLY work, the tenant's API
   * client, which has no name of its own; the id itself for anything else (a user since deleted).
   */
  async displayName(tenantId: string, principalId: string): Promise<string> {
    const [user] = (await userName.run(this.q, tenantId, principalId)).rows;
    if (user) return user.name;
    const [client] = (await tenantClient.run(this.q, tenantId, principalId)).rows;
    return client ? APPLICATION_NAME : principalId;
  }
}
