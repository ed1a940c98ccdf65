/** /v1/documents/*: spec 4.6, plus the tree operations of docs/architecture.md, "Service conventions". */
import { DocumentIdBody, DocumentPageRequest, DocumentSave, DocumentUpdate, IdQuery } from '../requests.ts';
import { Document, Page } from '../resources.ts';
import { route } from './route.ts';

const tags = ['documents'];

export const documents = {
  save: route({
    method: 'POST',
    path: '/v1/documents/save',
    tags,
    summary: 'Create a document in a container (the default container when containerId is empty). Needs WRITE on the container.',
    body: DocumentSave,
    reply: { kind: 'envelope', data: Document },
  }),
  get: route({
    method: 'GET',
    path: '/v1/documents/get',
    tags,
    summary: 'Get a document, deleted ones included. Needs READ.',
    querystring: IdQuery.document,
    reply: { kind: 'envelope', data: Document },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/documents/getPage',
    tags,
    summary: "A container's documents. orderByColumn: title, createTime, updateTime, sizeBytes. Needs READ.",
    body: DocumentPageRequest,
    reply: { kind: 'envelope', data: Page(Document) },
  }),
  update: route({
    method: 'POST',
    path: '/v1/documents/update',
    tags,
    summary: 'Rename, move or set metadata. Needs WRITE (and WRITE on a new container).',
    body: DocumentUpdate,
    reply: { kind: 'envelope', data: Document },
  }),
  delete: route({
    method: 'POST',
    path: '/v1/documents/delete',
    tags,
    summary: 'Move a document to the recycle bin; sets purgeAt. Needs DELETE.',
    body: DocumentIdBody,
    reply: { kind: 'envelope', data: Document },
  }),
  restore: route({
    method: 'POST',
    path: '/v1/documents/restore',
    tags,
    summary: 'Restore a document from the recycle bin. Needs DELETE.',
    body: DocumentIdBody,
    reply: { kind: 'envelope', data: Document },
  }),
} as const;
