/**
 * How the local server answers each /v1 endpoint (docs/offline.md has the table):
 *
 * - public: the mirror answers without a bearer token (the local client's token exchange).
 * - mirror: the mirror answers (the local change feed, the user channel login).
 * - treeRead / download: the mirror's tree answers; an id it does not hold goes to the service.
 * - treeWrite: the local tree changes and the change is written through to the synced folder;
 *   the sync engine takes it to the service.
 * - cachedRead: the service answers while it is reachable, and its answer is kept; while it is
 *   away the kept answer is served.
 * - queuedWrite: the service takes it while reachable; while it is away it waits in the outbox,
 *   with the record it was based on.
 * - onlineOnly: only the service can do it; while it is away, 170001.
 * - serviceElseMirror: the service answers while it is reachable; while it is away the mirror's
 *   own service code answers over the mirror's data (search: the names the mirror holds).
 */

import { contract, routeKey } from '../../shared/v1/contract/index.ts';

export type TreeOp =
  | 'containers/create'
  | 'containers/update'
  | 'containers/delete'
  | 'documents/save'
  | 'documents/update'
  | 'documents/delete'
  | 'versions/upload'
  | 'versions/initChunkedUpload'
  | 'versions/uploadChunk'
  | 'versions/completeChunkedUpload'
  | 'versions/abortChunkedUpload';

/** A record kind of the service: where its id sits and how to read one back. */
export interface Resource {
  name: string;
  idField: string;
  getPath: string;
}

const resource = (name: string, idField: string): Resource => ({ name, idField, getPath: `/v1/${name}/get` });

export const RESOURCES: Readonly<Record<string, Resource>> = {
  containers: resource('containers', 'containerId'),
  documents: resource('documents', 'docId'),
  contentTypes: resource('contentTypes', 'typeId'),
  fieldDefinitions: resource('fieldDefinitions', 'fieldId'),
  templates: resource('templates', 'templateId'),
  termSets: resource('termSets', 'termSetId'),
  'share-grants': resource('share-grants', 'shareGrantId'),
  'acl/policy': resource('acl/policy', 'policyId'),
  departments: resource('departments', 'deptId'),
  roles: resource('roles', 'roleId'),
  tasks: resource('tasks', 'taskId'),
  webhooks: resource('webhooks', 'webhookId'),
};

export type JsonRecord = Record<string, unknown>;

/**
 * A write that can wait for the service. `create` makes a record (it answers with a local id
 * until replayed); `update` changes one, named by `idField` in the body or the query; `upsert`
 * is an update when the id is given, else a create. `applied` says whether a record on the
 * service already shows the write (a replay that crashed after sending, or the same change made
 * twice); `optimistic` is the record as it will be, shown until the service answers.
 */
export interface QueuedWrite {
  kind: 'queuedWrite';
  resource: Resource;
  mode: 'create' | 'update' | 'upsert';
  idIn: 'body' | 'query';
  applied?: (record: JsonRecord | null) => boolean;
  optimistic?: (record: JsonRecord, body: JsonRecord) => JsonRecord;
}

export type Handling =
  | { kind: 'public' }
  | { kind: 'mirror' }
  | { kind: 'treeRead' }
  | { kind: 'download' }
  | { kind: 'treeWrite'; op: TreeOp }
  | { kind: 'cachedRead'; resource: Resource | null }
  | QueuedWrite
  | { kind: 'onlineOnly' }
  | { kind: 'serviceElseMirror' };

const withStatus = (status: string, extra: (now: string) => JsonRecord = () => ({})) => ({
  applied: (r: JsonRecord | null) => r?.status === status,
  optimistic: (r: JsonRecord) => ({ ...r, status, ...extra(new Date().toISOString()) }),
});
const removal = { applied: (r: JsonRecord | null) => r === null, optimistic: (r: JsonRecord) => r };

const queued = (name: string, mode: QueuedWrite['mode'], more: Partial<QueuedWrite> = {}): QueuedWrite => ({
  kind: 'queuedWrite',
  resource: RESOURCES[name] as Resource,
  mode,
  idIn: 'body',
  ...more,
});

/** The tree writes, by the route they arrive on. */
const TREE_OPS: ReadonlyMap<string, TreeOp> = new Map<string, TreeOp>([
  [routeKey(contract.containers.create), 'containers/create'],
  [routeKey(contract.containers.update), 'containers/update'],
  [routeKey(contract.containers.delete), 'containers/delete'],
  [routeKey(contract.documents.save), 'documents/save'],
  [routeKey(contract.documents.update), 'documents/update'],
  [routeKey(contract.documents.delete), 'documents/delete'],
  [routeKey(contract.versions.upload), 'versions/upload'],
  [routeKey(contract.versions.initChunkedUpload), 'versions/initChunkedUpload'],
  [routeKey(contract.versions.uploadChunk), 'versions/uploadChunk'],
  [routeKey(contract.versions.completeChunkedUpload), 'versions/completeChunkedUpload'],
  [routeKey(contract.versions.abortChunkedUpload), 'versions/abortChunkedUpload'],
]);

const EXACT: Readonly<Record<string, Handling>> = {
  [routeKey(contract.auth.token)]: { kind: 'public' },
  [routeKey(contract.auth.refresh)]: { kind: 'public' },
  [routeKey(contract.meta.openapi)]: { kind: 'public' },
  [routeKey(contract.auth.userSession)]: { kind: 'mirror' },
  [routeKey(contract.changes.getPage)]: { kind: 'mirror' },
  [routeKey(contract.changes.latestCursor)]: { kind: 'mirror' },
  [routeKey(contract.containers.get)]: { kind: 'treeRead' },
  [routeKey(contract.containers.getPage)]: { kind: 'treeRead' },
  [routeKey(contract.documents.get)]: { kind: 'treeRead' },
  [routeKey(contract.documents.getPage)]: { kind: 'treeRead' },
  [routeKey(contract.versions.get)]: { kind: 'treeRead' },
  [routeKey(contract.versions.getPage)]: { kind: 'treeRead' },
  [routeKey(contract.versions.download)]: { kind: 'download' },
  [routeKey(contract.search.getPage)]: { kind: 'serviceElseMirror' },
  [routeKey(contract.contentTypes.save)]: queued('contentTypes', 'create'),
  [routeKey(contract.contentTypes.update)]: queued('contentTypes', 'update'),
  [routeKey(contract.contentTypes.disable)]: queued('contentTypes', 'update', withStatus('DISABLED')),
  [routeKey(contract.contentTypes.enable)]: queued('contentTypes', 'update', withStatus('ENABLED')),
  [routeKey(contract.fieldDefinitions.save)]: queued('fieldDefinitions', 'upsert'),
  [routeKey(contract.templates.save)]: queued('templates', 'upsert'),
  [routeKey(contract.termSets.save)]: queued('termSets', 'upsert'),
  [routeKey(contract.shareGrants.create)]: queued('share-grants', 'create'),
  [routeKey(contract.shareGrants.update)]: queued('share-grants', 'update'),
  [routeKey(contract.shareGrants.revoke)]: queued('share-grants', 'update', withStatus('REVOKED', (now) => ({ revokedAt: now }))),
  [routeKey(contract.acl.policyCreate)]: queued('acl/policy', 'create'),
  [routeKey(contract.acl.policyUpdate)]: queued('acl/policy', 'update', { idIn: 'query' }),
  [routeKey(contract.acl.policyDelete)]: queued('acl/policy', 'update', removal),
  [routeKey(contract.departments.create)]: queued('departments', 'create'),
  [routeKey(contract.departments.update)]: queued('departments', 'update'),
  [routeKey(contract.departments.delete)]: queued('departments', 'update', removal),
  [routeKey(contract.roles.save)]: queued('roles', 'create'),
  [routeKey(contract.roles.update)]: queued('roles', 'update'),
  [routeKey(contract.roles.delete)]: queued('roles', 'update', removal),
};

/** Reads by their verb: the last path segment. */
const READ_VERB = /^(get|getPage|list|getFormSchema|text|getMembers)$/;

export function classify(method: string, path: string): Handling {
  const key = routeKey({ method, path });
  const exact = EXACT[key];
  if (exact) return exact;
  const op = method === 'POST' ? TREE_OPS.get(key) : undefined;
  if (op) return { kind: 'treeWrite', op };
  const segments = path.replace(/^\/v1\//, '').split('/');
  const verb = segments.pop() ?? '';
  if (method === 'GET' || READ_VERB.test(verb)) return { kind: 'cachedRead', resource: RESOURCES[segments.join('/')] ?? null };
  return { kind: 'onlineOnly' };
}

/** The id field of a queued write's record, read from the body or the query. */
export function recordIdOf(write: QueuedWrite, body: JsonRecord, query: Record<string, string>): string {
  const source: Record<string, unknown> = write.idIn === 'query' ? query : body;
  const id = source[write.resource.idField];
  return typeof id === 'string' ? id : '';
}

/** The records an answer carries: the answer itself, or the content of a page. */
export function recordsIn(resource: Resource, data: unknown): JsonRecord[] {
  if (!data || typeof data !== 'object') return [];
  const d = data as JsonRecord;
  if (typeof d[resource.idField] === 'string') return [d];
  if (Array.isArray(d.content)) return (d.content as unknown[]).filter((x): x is JsonRecord => !!x && typeof x === 'object' && typeof (x as JsonRecord)[resource.idField] === 'string');
  return [];
}

/** A request, with its parameters in a canonical order: what the service's answer to it is kept under. */
export function answerKey(method: string, path: string, query: Record<string, string>, body: JsonRecord): string {
  return `${method} ${path} ${canonical({ query, body })}`;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as JsonRecord)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as JsonRecord)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
