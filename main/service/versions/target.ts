/**
 * Where an upload or ingest lands (spec 4.2 rule 1, 4.11 rule 2): an existing document (docId), a
 * new document in a container (containerId + title), or, when both are empty, a new document in
 * the tenant's default container. Resolved and permission-checked before any byte is accepted.
 */
import mime from 'mime-types';
import { UPLOAD } from '../../../shared/permissions.ts';
import type { UploadTarget } from '../../store/repos/uploads.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import type { DocumentService } from '../documents/service.ts';
import { fail } from '../errors.ts';
import { normaliseMediaType, OCTET_STREAM } from '../mediaType.ts';
import { uploadMetadataFacts, validateUploadMetadata, type MetadataRepos, type UploadMetadataFacts } from '../forms/metadata.ts';
import { validName } from '../tree/names.ts';

export interface TargetInput {
  docId?: string;
  containerId?: string;
  title?: string;
  documentTypeId?: string;
  mimeType?: string;
  originalFilename?: string;
  comment?: string;
  label?: string;
  metadata?: string;
  fileMtime?: number;
  executable?: boolean;
}

/** What resolveTarget checks a target against, read before it (factsOfTarget). */
export interface TargetFacts {
  metadata: UploadMetadataFacts;
  /** The caller's permission mask on the target: the document, or the container a new document goes to (0 when neither exists). */
  mask: number;
}

/**
 * What resolveTarget's checks read, looked up before it: the fields of the document's type, their
 * term sets and the users the metadata names (uploadMetadataFacts; metadata that is not a JSON
 * object needs none: resolveTarget reports it, in the order of its checks), and the caller's
 * permissions on the target. A chunked upload's init reads them inside its unit of work; a direct
 * upload and an ingest before the body arrives.
 */
export async function factsOfTarget(deps: AreaDeps<MetadataRepos>, ctx: RequestContext, input: TargetInput): Promise<TargetFacts> {
  return { metadata: await metadataOfTarget(deps, ctx, input), mask: await deps.access.maskOnUploadTarget(ctx, input) };
}

async function metadataOfTarget(deps: AreaDeps<MetadataRepos>, ctx: RequestContext, input: TargetInput): Promise<UploadMetadataFacts> {
  let metadata: Record<string, unknown>;
  try {
    metadata = parseMetadata(input.metadata);
  } catch {
    metadata = {};
  }
  return uploadMetadataFacts(deps, ctx, input, metadata);
}

/** Checks a target and returns it in the normalised form kept on upload sessions; `facts` from factsOfTarget. */
export async function resolveTarget(documents: DocumentService, ctx: RequestContext, input: TargetInput, facts: TargetFacts): Promise<UploadTarget> {
  if (input.docId && input.containerId) fail('VALIDATION', 'give docId for a new version, or containerId for a new document, not both', { field: 'docId' });
  const mimeType = input.mimeType ? normaliseMediaType(input.mimeType, 'mimeType') : '';
  validateUploadMetadata(facts.metadata, parseMetadata(input.metadata));
  const originalFilename = input.originalFilename ? validName(input.originalFilename, 'originalFilename') : '';
  const nameForType = originalFilename || input.title || '';
  const common = {
    mimeType: mimeType || (nameForType && mime.lookup(nameForType)) || OCTET_STREAM,
    originalFilename,
    comment: input.comment ?? '',
    label: input.label ?? '',
    metadata: input.metadata ?? '',
    ...(input.fileMtime !== undefined ? { fileMtime: input.fileMtime } : {}),
    ...(input.executable !== undefined ? { executable: input.executable } : {}),
  };
  if (input.docId) {
    const doc = await documents.load(ctx, input.docId);
    if (doc.state !== 'ACTIVE') fail('PARENT_DELETED', 'the document is in the recycle bin');
    if ((facts.mask & UPLOAD) !== UPLOAD) fail('FORBIDDEN', 'permission denied: upload to this document', { docId: doc.docId });
    return { ...common, docId: doc.docId, containerId: '', title: '', documentTypeId: '', originalFilename: originalFilename || doc.title };
  }
  const containerId = await documents.targetContainer(ctx, input.containerId);
  const title = validName(input.title || originalFilename || '', 'title');
  if ((facts.mask & UPLOAD) !== UPLOAD) fail('FORBIDDEN', 'permission denied: upload to this container', { containerId });
  return { ...common, docId: '', containerId, title, documentTypeId: input.documentTypeId ?? '', originalFilename: originalFilename || title };
}

/**
 * Where an upload goes, as a comparable key: the document for a new version, or the container and
 * title of a new document. Two requests with one idempotency key must agree on it.
 */
export async function destinationOf(documents: DocumentService, ctx: RequestContext, input: TargetInput): Promise<string> {
  if (input.docId) return `doc:${input.docId}`;
  const containerId = input.containerId || (await documents.targetContainer(ctx, ''));
  return `new:${containerId}:${(input.title || input.originalFilename || '').normalize('NFC')}`;
}

/** The `metadata` field is a JSON object in a string (spec 4.2, 4.11). */
export function parseMetadata(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    fail('VALIDATION', 'metadata must be a JSON object in a string', { field: 'metadata' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('VALIDATION', 'metadata must be a JSON object', { field: 'metadata' });
  return value as Record<string, unknown>;
}
