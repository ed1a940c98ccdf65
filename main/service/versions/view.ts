/**
 * A stored version as v1 answers it: the Version of a read, or its VersionResult part for what an
 * upload returns. Both are cut from the record by the schema, so a field added to the record does
 * not leak into an answer, and one added to the schema without a source fails the record test.
 */
import { fieldsOf } from '../../../shared/v1/fields.ts';
import { Version, VersionResult } from '../../../shared/v1/resources.ts';
import type { VersionRecord } from '../../store/repos/versions.ts';

/** MIME types a browser renders inline without a rendition. */
const PREVIEWABLE = /^(application\/pdf|image\/(png|jpeg|gif|webp|svg\+xml)|text\/plain|text\/markdown)$/;

export function toVersion(v: VersionRecord, createByName: string): Version {
  return fieldsOf(Version, { ...v, createByName, sourcePreviewable: PREVIEWABLE.test(v.mimeType) });
}

export function toVersionResult(v: VersionRecord): VersionResult {
  return fieldsOf(VersionResult, v);
}
