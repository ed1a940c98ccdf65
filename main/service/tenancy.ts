/** Provisioning tenants, API clients and users: what `folio admin` does. */
import { Roles } from '../../shared/permissions.ts';
import type { Store } from '../store/index.ts';
import { hashPassword, hashToken, newSecret } from './auth/credentials.ts';
import { fail } from './errors.ts';

export const ROOT_CONTAINER_NAME = 'Root';
export const DEFAULT_CONTAINER_NAME = 'Default';
export const APP_SCOPES = ['containers', 'documents', 'versions', 'changes'];
/** The desktop app's loopback redirect (RFC 8252 §7.3): registered without a port, it matches any. */
export const DESKTOP_REDIRECT_URI = 'http://127.0.0.1/oauth/callback';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * A new tenant with its system content types (a folder type and a file type), its system root
 * container, the default container under the root, and a first API client.
 */
export function createTenant(store: Store, name: string): Promise<ClientCredentials & { tenantId: string }> {
  // One unit of work: the tenant, its types, its containers, its root's ACL entry and its clients.
  return store.units.transaction(async (tx) => {
    const tenantId = await tx.identity.createTenant(name);
    const folder = await tx.contentTypes.create({ tenantId, targetKind: 'CONTAINER', code: 'folder', name: 'Folder', system: true });
    await tx.contentTypes.create({ tenantId, targetKind: 'DOCUMENT', code: 'file', name: 'File', system: true });
    const base = { tenantId, containerTypeId: folder.typeId, description: '', sortOrder: 0, metadata: {}, aclInheritEnabled: true, createBy: 'system' };
    const root = await tx.containers.create({ ...base, parentId: null, name: ROOT_CONTAINER_NAME, systemKind: 'ROOT', aclInheritEnabled: false });
    // Users start as editors of the whole tree; docs/access-control.md explains the defaults.
    await tx.acl.entries.insert(tenantId, { containerId: root.containerId, principalType: 'EVERYONE', principalId: '', role: 'EDITOR', allowMask: Roles.EDITOR, denyMask: 0 }, 'system');
    await tx.containers.create({ ...base, parentId: root.containerId, name: DEFAULT_CONTAINER_NAME, systemKind: 'DEFAULT' });
    await createPublicClientIn(store, tenantId, [DESKTOP_REDIRECT_URI]);
    return { tenantId, ...(await createClientIn(store, tenantId, false)) };
  });
}

export async function createClient(store: Store, tenantId: string, actAsUserAllowed: boolean): Promise<ClientCredentials> {
  if (!(await store.identity.tenantExists(tenantId))) fail('NOT_FOUND', `tenant not found: ${tenantId}`);
  return createClientIn(store, tenantId, actAsUserAllowed);
}

/**
 * A public client (RFC 8252): no secret, and codes go only to the redirect URIs listed here. Only
 * http loopback (127.0.0.1, [::1]) and https URIs are accepted, without a query or a fragment.
 */
export async function createPublicClient(store: Store, tenantId: string, redirectUris: string[]): Promise<{ clientId: string; redirectUris: string }> {
  if (!(await store.identity.tenantExists(tenantId))) fail('NOT_FOUND', `tenant not found: ${tenantId}`);
  const uris = redirectUris.length > 0 ? redirectUris : [DESKTOP_REDIRECT_URI];
  for (const uri of uris) {
    if (!registrableRedirect(uri)) fail('VALIDATION', `redirect URI must be http://127.0.0.1/…, http://[::1]/… or https://…, without query or fragment: ${uri}`, { field: 'redirectUri' });
  }
  return { clientId: await createPublicClientIn(store, tenantId, uris), redirectUris: uris.join(' ') };
}

function createPublicClientIn(store: Store, tenantId: string, redirectUris: string[]): Promise<string> {
  return store.identity.createClient({ tenantId, secretHash: '', actAsUserAllowed: false, scopes: APP_SCOPES, isPublic: true, redirectUris });
}

function registrableRedirect(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]'));
}

async function createClientIn(store: Store, tenantId: string, actAsUserAllowed: boolean): Promise<ClientCredentials> {
  const clientSecret = newSecret('fcs');
  const clientId = await store.identity.createClient({ tenantId, secretHash: hashToken(clientSecret), actAsUserAllowed, scopes: APP_SCOPES });
  return { clientId, clientSecret };
}

export interface NewUser {
  tenantId: string;
  name: string;
  password: string;
  source?: string;
  sourceId?: string;
}

export async function createUser(store: Store, input: NewUser): Promise<{ userId: string }> {
  if (!(await store.identity.tenantExists(input.tenantId))) fail('NOT_FOUND', `tenant not found: ${input.tenantId}`);
  if (!input.name.trim()) fail('VALIDATION', 'user name must not be empty', { field: 'name' });
  if (input.password.length < 8) fail('VALIDATION', 'password must have at least 8 characters', { field: 'password' });
  if (Boolean(input.source) !== Boolean(input.sourceId)) {
    fail('VALIDATION', '--source and --source-id go together', { field: 'source' });
  }
  if (await store.identity.findUserByName(input.tenantId, input.name)) fail('NAME_CONFLICT', `user already exists: ${input.name}`);
  if (input.source && input.sourceId && (await store.identity.findUserByExternalId(input.tenantId, input.source, input.sourceId))) {
    fail('NAME_CONFLICT', `another user has the identity ${input.source}/${input.sourceId}`);
  }
  const userId = await store.identity.createUser({
    tenantId: input.tenantId,
    name: input.name,
    passwordHash: hashPassword(input.password),
    source: input.source ?? null,
    sourceId: input.sourceId ?? null,
  });
  return { userId };
}
