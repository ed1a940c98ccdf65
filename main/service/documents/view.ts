/**
 * A stored document as v1 answers it. The record gives every field it shares with the schema; the
 * service gives the names it looks up. Cut by the schema, so no store-only field leaks out.
 */
import { fieldsOf } from '../../../shared/v1/fields.ts';
import { Document } from '../../../shared/v1/resources.ts';
import type { DocumentRecord } from '../../store/async/repos/documents.ts';

/** What a Document says that the record does not hold: names of what it points to. */
export type DocumentNames = Pick<Document, 'containerName' | 'documentTypeName' | 'createByName'>;

export function toDocument(d: DocumentRecord, names: DocumentNames): Document {
  return fieldsOf(Document, { ...d, ...names, metadataColumns: d.metadata });
}
