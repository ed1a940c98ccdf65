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
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import { valueEnv, valueSpec } from '../fields/spec.ts';
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

/**
 * Throws 110001 on the first field whose value is wrong. An unknown type, or one of the other
 * kind, is left for the caller to report: it checks the type itself.
 */
export function validateMetadata(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: MetadataTarget,
  metadata: Record<string, unknown>,
  check: MetadataCheck,
): void {
  const { repos } = deps;
  const type = target.typeId ? repos.contentTypes.get(ctx.tenantId, target.typeId) : repos.contentTypes.findSystem(ctx.tenantId, target.targetKind);
  if (!type || type.targetKind !== target.targetKind) return;
  for (const field of applicableFields(repos, type)) {
    const key = field.attributeKey;
    const given = Object.hasOwn(metadata, key);
    if (check.partial && !given) continue;
    const problem = checkValue(valueSpec(field), given ? metadata[key] : undefined, valueEnv(repos, ctx.tenantId, field));
    if (problem) fail('VALIDATION', `metadata field '${key}' (${field.displayName}) ${problem}`, { field: key, reason: problem });
  }
}

/**
 * The `metadata` of an upload or ingest: merged into an existing document (docId), so checked
 * partially against its type; or the whole metadata of a new document of documentTypeId.
 */
export function validateUploadMetadata(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: { docId?: string | undefined; documentTypeId?: string | undefined },
  metadata: Record<string, unknown>,
): void {
  if (target.docId) {
    const doc = deps.repos.documents.get(ctx.tenantId, target.docId);
    if (doc) validateMetadata(deps, ctx, { targetKind: 'DOCUMENT', typeId: doc.documentTypeId }, metadata, { partial: true });
    return;
  }
  validateMetadata(deps, ctx, { targetKind: 'DOCUMENT', typeId: target.documentTypeId }, metadata, { partial: false });
}
