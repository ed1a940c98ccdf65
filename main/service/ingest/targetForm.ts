/**
 * Spec 4.2 rule 1: the target is an existing document (docId) or a new document (containerId +
 * title), exactly one of the two. Unlike uploads, ingest has no "default container" form: a
 * request naming neither is refused, as is one mixing both.
 */
import type { IngestRequest } from '../../../shared/v1/ingest.ts';
import { fail } from '../errors.ts';
import type { TargetInput } from '../versions/target.ts';

export function targetForm(req: IngestRequest): TargetInput {
  const description = {
    mimeType: req.mimeType,
    originalFilename: req.originalFilename,
    comment: req.comment,
    label: req.label,
    metadata: req.metadata,
  };
  if (req.docId) {
    const extra = (['containerId', 'title', 'documentTypeId'] as const).filter((f) => req[f]);
    if (extra.length > 0) {
      fail('VALIDATION', `give either docId (a new version of a document) or containerId + title (a new document), not both: ${extra.join(', ')} cannot go with docId`, { field: extra[0] });
    }
    return { docId: req.docId, ...description };
  }
  if (!req.containerId || !req.title) {
    const missing = req.containerId ? 'title' : req.title ? 'containerId' : 'docId';
    fail('VALIDATION', 'the target is missing: give docId (a new version of a document) or containerId + title (a new document)', { field: missing });
  }
  return { containerId: req.containerId, title: req.title, documentTypeId: req.documentTypeId, ...description };
}
