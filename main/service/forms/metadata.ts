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
import type { ContentTypeRecord } from '../../store/async/repos/contentTypes.ts';
import type { FieldDefinitionRecord } from '../../store/async/repos/fieldDefinitions.ts';
import type { TermSetRecord } from '../../store/async/repos/termSets.ts';
import type { Repos } from '../../store/repositories.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import { termSetsOf, usersNamed, valueEnv, valueSpec } from '../fields/spec.ts';
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
 * What checking an item's metadata reads, looked up before the check: the check runs inside
 * synchronous transactions, which await nothing, and the content model and identity are read
 * asynchronously (docs/architecture.md, "The store on two databases", on what a type changed in
 * between means).
 */
export interface MetadataFacts {
  /** The fields that apply to the item's type; none when the type is unknown or of the other kind (the caller reports that). */
  fields: readonly FieldDefinitionRecord[];
  /** The term sets those fields draw their options from, by id. */
  termSets: ReadonlyMap<string, TermSetRecord>;
  /** The users of the tenant that the metadata's USER values name. */
  users: ReadonlySet<string>;
}

const NO_FACTS: MetadataFacts = { fields: [], termSets: new Map(), users: new Set() };

/** The item's content type, when it exists and is of the target's kind; the caller reports any other. */
async function typeOf(repos: Repos<MetadataRepos>, ctx: RequestContext, target: MetadataTarget): Promise<ContentTypeRecord | undefined> {
  const type = target.typeId ? await repos.contentTypes.get(ctx.tenantId, target.typeId) : await repos.contentTypes.findSystem(ctx.tenantId, target.targetKind);
  return type && type.targetKind === target.targetKind ? type : undefined;
}

/** Looks up what checking `metadata` for `target` reads (MetadataFacts). */
export async function metadataFacts(deps: Pick<AreaDeps<MetadataRepos>, 'repos'>, ctx: RequestContext, target: MetadataTarget, metadata: Record<string, unknown>): Promise<MetadataFacts> {
  const { repos } = deps;
  // One read transaction: the type, its templates and fields, term sets and users as of one commit.
  return repos.units.read(async () => {
    const type = await typeOf(repos, ctx, target);
    if (!type) return NO_FACTS;
    const fields = await applicableFields(repos, type);
    const given = fields.filter((f) => Object.hasOwn(metadata, f.attributeKey));
    const users = new Set<string>();
    for (const field of given) {
      for (const id of await usersNamed(repos, ctx.tenantId, field.valueType, metadata[field.attributeKey])) users.add(id);
    }
    return { fields, termSets: await termSetsOf(repos, ctx.tenantId, given), users };
  });
}

/** Throws 110001 on the first field whose value is wrong; `facts` were looked up for this metadata (metadataFacts). */
export function validateMetadata(facts: MetadataFacts, metadata: Record<string, unknown>, check: MetadataCheck): void {
  for (const field of facts.fields) {
    const key = field.attributeKey;
    const given = Object.hasOwn(metadata, key);
    if (check.partial && !given) continue;
    const problem = checkValue(valueSpec(field), given ? metadata[key] : undefined, valueEnv(field, facts.termSets, facts.users));
    if (problem) fail('VALIDATION', `metadata field '${key}' (${field.displayName}) ${problem}`, { field: key, reason: problem });
  }
}

/** Looks up what the check reads, then checks `metadata` (validateMetadata). */
export async function checkMetadata(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: MetadataTarget,
  metadata: Record<string, unknown>,
  check: MetadataCheck,
): Promise<void> {
  validateMetadata(await metadataFacts(deps, ctx, target, metadata), metadata, check);
}

/**
 * What checking the `metadata` of an upload or ingest reads, and how: against an existing document
 * (docId), partially, since it is merged into what the document holds; or as the whole metadata of
 * a new document of documentTypeId. Nothing is checked when the document does not exist: the
 * target's own check reports that.
 */
export interface UploadMetadataFacts extends MetadataFacts {
  check: MetadataCheck;
}

export async function uploadMetadataFacts(
  deps: Pick<AreaDeps<MetadataRepos>, 'repos'>,
  ctx: RequestContext,
  target: { docId?: string | undefined; documentTypeId?: string | undefined },
  metadata: Record<string, unknown>,
): Promise<UploadMetadataFacts> {
  if (!target.docId) return { ...(await metadataFacts(deps, ctx, { targetKind: 'DOCUMENT', typeId: target.documentTypeId }, metadata)), check: { partial: false } };
  const doc = await deps.repos.documents.get(ctx.tenantId, target.docId);
  const facts = doc ? await metadataFacts(deps, ctx, { targetKind: 'DOCUMENT', typeId: doc.documentTypeId }, metadata) : NO_FACTS;
  return { ...facts, check: { partial: true } };
}

/** Checks the `metadata` of an upload or ingest with what uploadMetadataFacts looked up. */
export function validateUploadMetadata(facts: UploadMetadataFacts, metadata: Record<string, unknown>): void {
  validateMetadata(facts, metadata, facts.check);
}
