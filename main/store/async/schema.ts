/**
 * The tables the asynchronous store reads, as Kysely types: one set for both databases, since the
 * columns keep the same types in each (text for ids, times and JSON; integers for 0/1 flags and
 * epoch milliseconds). `rowid` is SQLite's own and an identity column in PostgreSQL: the tables
 * read in insertion order are ordered by it in both.
 */
import type { Generated } from 'kysely';
import type { TokenKind } from '../repos/tokenRecords.ts';

export interface TenantsTable {
  rowid: Generated<number>;
  tenant_id: string;
  name: string;
  create_time: string;
}

export interface ApiClientsTable {
  rowid: Generated<number>;
  client_id: string;
  tenant_id: string;
  secret_hash: string;
  act_as_user_allowed: number;
  scopes: string;
  create_time: string;
  public: number;
  redirect_uris: string;
}

export interface UsersTable {
  user_id: string;
  tenant_id: string;
  name: string;
  password_hash: string;
  source: string | null;
  source_id: string | null;
  require_password_change: Generated<number>;
  create_time: string;
}

export interface TokensTable {
  token_hash: string;
  kind: TokenKind;
  tenant_id: string;
  client_id: string;
  user_id: string | null;
  expires_at: number;
  create_time: string;
}

export interface AuthorizationCodesTable {
  code_hash: string;
  tenant_id: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: number;
  create_time: string;
}

export interface RateLimitsTable {
  limit_key: string;
  window_start: number;
  count: number;
}

export interface StoreSchema {
  tenants: TenantsTable;
  api_clients: ApiClientsTable;
  users: UsersTable;
  tokens: TokensTable;
  authorization_codes: AuthorizationCodesTable;
  rate_limits: RateLimitsTable;
}
