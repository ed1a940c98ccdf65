/** Helpers shared by the content-model tests: users behind a strong channel, uploads, types and fields. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentType, FieldDefinition, Template } from '../../shared/v1/contentModel.ts';
import type { TokenResult, VersionResult } from '../../shared/v1/resources.ts';
import { appApi, createTenant, createUser, data, startServer, type Api, type Reply, type ServerHandle, type Tenant } from './server.ts';
import { until } from './wait.ts';

/** What the content-model tests run against: a tenant's app and its user alice, and a second tenant's app. */
export interface ContentModelWorld {
  server: ServerHandle;
  tenant: Tenant;
  app: Api;
  /** The app of another tenant, for isolation checks. */
  other: Api;
  /** A user of `tenant` behind the strong channel. */
  alice: Api;
}

export async function startContentModelWorld(): Promise<ContentModelWorld> {
  const server = await startServer();
  const tenant = await createTenant(server.dataDir);
  const app = await appApi(server.url, tenant);
  const other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
  const alice = (await userApi(app, server.dataDir, tenant.tenantId, 'alice')).api;
  return { server, tenant, app, other, alice };
}

/** A user of the tenant, logged in through the app token, as an Api that sends X-Svc-User-Token. */
export async function userApi(app: Api, dataDir: string, tenantId: string, name: string): Promise<{ api: Api; userId: string }> {
  const userId = await createUser(dataDir, tenantId, name);
  const session = data(await app.post<TokenResult>('/v1/auth/userSession', { userName: name, password: 'correct horse' }));
  return { api: app.with({ 'X-Svc-User-Token': session.accessToken }), userId };
}

export async function upload(api: Api, query: Record<string, string>, content: string): Promise<Reply<VersionResult>> {
  return (await api.raw('/v1/versions/upload', query, new TextEncoder().encode(content))) as Reply<VersionResult>;
}

let seq = 0;
/** A unique code or name for this test run. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${seq}_${Date.now().toString(36)}`;
}

export async function saveType(api: Api, body: Record<string, unknown>): Promise<ContentType> {
  return data(await api.post<ContentType>('/v1/contentTypes/save', { code: unique('t'), name: 'Type', ...body }));
}

export async function saveField(api: Api, body: Record<string, unknown>): Promise<FieldDefinition> {
  return data(await api.post<FieldDefinition>('/v1/fieldDefinitions/save', { attributeKey: unique('f'), displayName: 'Field', ...body }));
}

export async function saveTemplate(api: Api, fieldIds: string[], name = unique('Template ')): Promise<Template> {
  return data(await api.post<Template>('/v1/templates/save', { name, fieldIds }));
}

export function blobPath(dataDir: string, contentHash: string): string {
  return join(dataDir, 'blobs', contentHash.slice(0, 2), contentHash);
}

export function blobExists(dataDir: string, contentHash: string): boolean {
  return existsSync(blobPath(dataDir, contentHash));
}

/** Waits until `check` holds; blob files of pruned versions go just after the transaction. */
export function eventually(check: () => boolean): Promise<boolean> {
  return until('a removal after the transaction', check);
}
