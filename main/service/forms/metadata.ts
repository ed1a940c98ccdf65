/**
 * Validates metadata (container and document metadataColumns, and the `metadata` JSON string of
 * uploads and ingest) against the fields that apply to the item's content type.
 *
 * A key that no applicable field covers is accepted and kept as it is: it is a legacy value, and
 * the form schema lists it under legacyFields. A key a field covers must hold a valid value of
 * that field, and, unless the check is partial, every required field must have a value. A failure
 * is 110001 naming the field: `metadata field 'priority' (Priority) must be an integer`, with
 * details.field = the attributeKey.
 */
import type { TargetKind } from '../../../shared/v1/contentModel.ts';
import type { Repos } from '../../store/repositories.ts';
import type { ContentTypeRecord } from '../../store/repos/contentTypes.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import { usersNamed, valueEnv, valueSpec } from '../fields/spec.ts';
import { checkValue } from '../fields/values.ts';
import { applicableFields } from './applicableFields.ts';

export interface MetadataTarget {
  targetKind: TargetKind;
  /** The item's content type; empty means the tenant's system type of this kind. */
  typeId: string | undefined;
}

/** The repositories a metadata check reads: the type, its fields and templates, term sets, users. */
export type MetadataRepos = 'contentTypes' | 'documents' | 'fieldDefinitions' | 'identity' | 'templates' | 'termSets';

export interface MetadataCheck {
  /** Only the keys given are checked (the values are merged into what the item holds). */
  partial: boolean;
}

/** The item's content type, when it exists and is of the target's kind; the caller reports any other. */
function typeOf(repos: Repos<MetadataRepos>, ctx: RequestContext, target: MetadataTarget): ContentTypeRecord | undefined {
  const type = target.typeId ? repos.contentTypes.get(ctx.tenantId, target.typeId) : repos.contentTypes.findSystem(ctx.tenantId, target.targetKind);
  return type && type.targetKind === target.targetKind ? type : undefined;
}

/**
 * The users of the tenant that the USER fields of `metadata` name, looked up before the check: the
 * check runs inside transactions, which await nothing, and identity is read asynchronously.
 */
export async function usersInMetadata(deps: Pick<AreaDeps<MetadataRepos>, 'repos'>, ctx: RequestContext, target: MetadataTarget, metadata: Record<string, unknown>): Promise<ReadonlySet<string>> {
  const type = typeOf(deps.repos, ctx, target);
  const found = new Set<string>();
  if (!type) return found;
  for (const field of applicableFields(deps.repos, type)) {
    if (!Object.hasOwn(metadata, field.attributeKey)) continue;
    for (const id of await usersNamed(deps.repos, ctx.tenantId, field.valueType, metadata[field.attributeKey])) found.add(id);
  }
  return found;
}

/**
 * Throws 110001 on the first field whose value is wrong. An unknown type, or one of the other
 * kind, is left for the caller to report: it checks the type itself. `users` are those the
 * metadata names that exist (usersInMetadata).
 */
export function validateMetadata(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: MetadataTarget,
  metadata: Record<string, unknown>,
  check: MetadataCheck,
  users: ReadonlySet<string>,
): void {
  const { repos } = deps;
  const type = typeOf(repos, ctx, target);
  if (!type) return;
  for (const field of applicableFields(repos, type)) {
    const key = field.attributeKey;
    const given = Object.hasOwn(metadata, key);
    if (check.partial && !given) continue;
    const problem = checkValue(valueSpec(field), given ? metadata[key] : undefined, valueEnv(repos, ctx.tenantId, field, users));
    if (problem) fail('VALIDATION', `metadata field '${key}' (${field.displayName}) ${problem}`, { field: key, reason: problem });
  }
}

/** Looks up the users `metadata` names, then checks it (validateMetadata). */
export async function checkMetadata(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: MetadataTarget,
  metadata: Record<string, unknown>,
  check: MetadataCheck,
): Promise<void> {
  validateMetadata(deps, ctx, target, metadata, check, await usersInMetadata(deps, ctx, target, metadata));
}

/**
 * Where the `metadata` of an upload or ingest is checked: against an existing document (docId),
 * partially, since it is merged into what the document holds; or as the whole metadata of a new
 * document of documentTypeId. Undefined when the document does not exist: the target's own check
 * reports that.
 */
function uploadTarget(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: { docId?: string | undefined; documentTypeId?: string | undefined },
): { target: MetadataTarget; check: MetadataCheck } | undefined {
  if (!target.docId) return { target: { targetKind: 'DOCUMENT', typeId: target.documentTypeId }, check: { partial: false } };
  const doc = deps.repos.documents.get(ctx.tenantId, target.docId);
  return doc && { target: { targetKind: 'DOCUMENT', typeId: doc.documentTypeId }, check: { partial: true } };
}

/** The users the `metadata` of an upload or ingest names (usersInMetadata), for validateUploadMetadata. */
export async function usersInUploadMetadata(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: { docId?: string | undefined; documentTypeId?: string | undefined },
  metadata: Record<string, unknown>,
): Promise<ReadonlySet<string>> {
  const where = uploadTarget(deps, ctx, target);
  return where ? usersInMetadata(deps, ctx, where.target, metadata) : new Set();
}

/** Checks the `metadata` of an upload or ingest (uploadTarget says against what). */
export function validateUploadMetadata(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: { docId?: string | undefined; documentTypeId?: string | undefined },
  metadata: Record<string, unknown>,
  users: ReadonlySet<string>,
): void {
  const where = uploadTarget(deps, ctx, target);
  if (where) validateMetadata(deps, ctx, where.target, metadata, where.check, users);
}
