/** /v1/documents/*: spec 4.6, plus the tree operations of docs/architecture.md, "Service conventions". */
import { Document, Page } from '../../../shared/v1/resources.ts';
import { DocumentIdBody, DocumentPageRequest, DocumentSave, DocumentUpdate, IdQuery } from '../../../shared/v1/requests.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const tags = ['documents'];

export function documentRoutes(app: FolioApp, services: Services): void {
  const { documents } = services;

  app.post('/v1/documents/save', {
    schema: { tags, summary: 'Create a document in a container (the default container when containerId is empty). Needs WRITE on the container.', body: DocumentSave, response: replies(Document) },
  }, async (req) => ok(req, documents.save(callerOf(req), req.body)));

  app.get('/v1/documents/get', {
    schema: { tags, summary: 'Get a document, deleted ones included. Needs READ.', querystring: IdQuery.document, response: replies(Document) },
  }, async (req) => ok(req, documents.get(callerOf(req), req.query.docId)));

  app.post('/v1/documents/getPage', {
    schema: {
      tags,
      summary: "A container's documents. orderByColumn: title, createTime, updateTime, sizeBytes. Needs READ.",
      body: DocumentPageRequest,
      response: replies(Page(Document)),
    },
  }, async (req) => ok(req, documents.page(callerOf(req), req.body)));

  app.post('/v1/documents/update', {
    schema: { tags, summary: 'Rename, move or set metadata. Needs WRITE (and WRITE on a new container).', body: DocumentUpdate, response: replies(Document) },
  }, async (req) => ok(req, documents.update(callerOf(req), req.body)));

  app.post('/v1/documents/delete', {
    schema: { tags, summary: 'Move a document to the recycle bin; sets purgeAt. Needs DELETE.', body: DocumentIdBody, response: replies(Document) },
  }, async (req) => ok(req, documents.delete(callerOf(req), req.body.docId)));

  app.post('/v1/documents/restore', {
    schema: { tags, summary: 'Restore a document from the recycle bin. Needs DELETE.', body: DocumentIdBody, response: replies(Document) },
  }, async (req) => ok(req, documents.restore(callerOf(req), req.body.docId)));
}
