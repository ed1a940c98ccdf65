/** Domain rules of documents: creation in a container, rename, move, and the recycle bin. */
import { randomUUID } from 'node:crypto';
import { Perm } from '../../../shared/permissions.ts';
import type { Document, PageOf } from '../../../shared/v1/resources.ts';
import type { DocumentPageRequest, DocumentSave, DocumentUpdate } from '../../../shared/v1/requests.ts';
import type { ContentTypeRecord } from '../../store/async/repos/contentTypes.ts';
import { DOCUMENT_ORDER_COLUMNS, type DocumentRecord } from '../../store/async/repos/documents.ts';
import type { AreaDeps } from '../kernel.ts';
import type { ContainerService } from '../containers/service.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { checkMetadata, type MetadataRepos } from '../forms/metadata.ts';
import { pageWindow } from '../paging.ts';
import { validMetadata } from '../tree/metadata.ts';
import { validName } from '../tree/names.ts';
import { purgeAtFor } from '../tree/recycleBin.ts';
import { canReadDocument, visiblePage } from '../acl/visible.ts';
import type { AccessSnapshot } from '../acl/snapshot.ts';
import { applicationKey, ReplyCache } from '../replyCache.ts';
import { toDocument } from './view.ts';

/** documents/get's replies a node keeps: most clients read a few thousand documents over and over. */
const REMEMBERED_DOCUMENTS = 4096;

export class DocumentService {
  private readonly replies: ReplyCache<Document>;

  constructor(
    private readonly deps: AreaDeps<MetadataRepos | 'changes' | 'containers'>,
    private readonly containers: ContainerService,
  ) {
    this.replies = new ReplyCache(deps.repos, REMEMBERED_DOCUMENTS);
  }

  private get repos() {
    return this.deps.repos;
  }

  async load(ctx: RequestContext, docId: string): Promise<DocumentRecord> {
    return (await this.repos.documents.get(ctx.tenantId, docId)) ?? notFound('document', docId);
  }

  /** The container a new document goes to: the given one, or the tenant's default container. */
  async targetContainer(ctx: RequestContext, containerId: string | undefined): Promise<string> {
    if (!containerId) {
      const def = (await this.repos.containers.findSystem(ctx.tenantId, 'DEFAULT')) ?? fail('INTERNAL', 'tenant has no default container');
      return def.containerId;
    }
    return (await this.containers.resolveParent(ctx, containerId)).containerId;
  }

  /**
   * Creates a document inside the caller's unit of work, so an upload can create its document and
   * its first version atomically. Checks the name; permission is the caller's to check, and the
   * type is the caller's to read (documentType).
   */
  async createRecord(ctx: RequestContext, input: { containerId: string; title: string; type: ContentTypeRecord; metadata?: Record<string, unknown> }): Promise<DocumentRecord> {
    const title = validName(input.title, 'title');
    const metadata = validMetadata(input.metadata ?? {}, 'metadataColumns');
    await this.containers.assertNameFree(ctx, input.containerId, title);
    const record = await this.repos.documents.create({
      tenantId: ctx.tenantId,
      containerId: input.containerId,
      title,
      documentTypeId: input.type.typeId,
      metadata,
      createBy: actorOf(ctx),
    });
    this.recordChange(record, 'create');
    return record;
  }

  async save(ctx: RequestContext, input: DocumentSave): Promise<Document> {
    const containerId = await this.targetContainer(ctx, input.containerId);
    await this.deps.access.require(ctx, containerId, Perm.WRITE, 'create a document here');
    // The content model is read inside the unit that creates the document: the type and the
    // metadata's fields are checked as they are when it commits.
    const record = await this.repos.units.transaction(async () => {
      await checkMetadata(this.deps, ctx, { targetKind: 'DOCUMENT', typeId: input.documentTypeId }, input.metadataColumns ?? {}, { partial: false });
      const type = await this.documentType(ctx, input.documentTypeId);
      return this.createRecord(ctx, { containerId, title: input.title, type, metadata: input.metadataColumns ?? {} });
    });
    return this.view(ctx, record);
  }

  get(ctx: RequestContext, docId: string): Promise<Document> {
    return this.replies.through(applicationKey(ctx, docId), async () => {
      const record = await this.load(ctx, docId);
      const checked = await this.deps.access.requireOnLoaded(ctx, record, Perm.READ, 'read this document');
      return this.view(ctx, record, checked);
    });
  }

  /** A container's documents; an empty containerId lists the default container. A container in the recycle bin can still be listed. */
  async page(ctx: RequestContext, input: DocumentPageRequest): Promise<PageOf<Document>> {
    const containerId = input.containerId ? (await this.containers.load(ctx, input.containerId)).containerId : await this.targetContainer(ctx, '');
    await this.deps.access.require(ctx, containerId, Perm.READ, 'list this container');
    const w = pageWindow(input, Object.keys(DOCUMENT_ORDER_COLUMNS) as (keyof typeof DOCUMENT_ORDER_COLUMNS)[], 'title');
    const fetch = (limit: number, offset: number) => this.repos.documents.page(ctx.tenantId, containerId, input.includeDeleted ?? false, w.order, limit, offset);
    const { total, rows } = await visiblePage(this.deps.access, ctx, w.limit, w.offset, fetch, (s, r) => canReadDocument(s, r.docId));
    return { totalElements: total, content: await Promise.all(rows.map((r) => this.view(ctx, r))) };
  }

  async update(ctx: RequestContext, input: DocumentUpdate): Promise<Document> {
    const current = await this.load(ctx, input.docId);
    if (current.state !== 'ACTIVE') fail('PARENT_DELETED', 'restore the document before changing it');
    await this.deps.access.requireOnDocument(ctx, current.docId, Perm.WRITE, 'change this document');
    const title = input.title === undefined ? undefined : validName(input.title, 'title');
    const metadata = input.metadataColumns === undefined ? undefined : validMetadata(input.metadataColumns, 'metadataColumns');
    const moving = input.containerId !== undefined && input.containerId !== '' && input.containerId !== current.containerId;
    if (moving) {
      const target = await this.containers.resolveParent(ctx, input.containerId);
      await this.deps.access.require(ctx, target.containerId, Perm.WRITE, 'move a document here');
    }
    const targetContainerId = moving ? (input.containerId as string) : current.containerId;
    const updated = await this.repos.units.transaction(async () => {
      if (input.metadataColumns !== undefined) await checkMetadata(this.deps, ctx, { targetKind: 'DOCUMENT', typeId: current.documentTypeId }, input.metadataColumns, { partial: false });
      if (moving || (title !== undefined && title !== current.title)) {
        await this.containers.assertNameFree(ctx, targetContainerId, title ?? current.title, current.docId);
      }
      const record = await this.repos.documents.update(
        ctx.tenantId,
        current.docId,
        {
          ...(title !== undefined ? { title } : {}),
          ...(moving ? { containerId: targetContainerId } : {}),
          ...(metadata !== undefined ? { metadata } : {}),
        },
        actorOf(ctx),
      );
      this.recordChange(record, moving ? 'move' : 'update');
      return record;
    });
    return this.view(ctx, updated);
  }

  async delete(ctx: RequestContext, docId: string): Promise<Document> {
    const current = await this.load(ctx, docId);
    if (current.state !== 'ACTIVE') return this.view(ctx, current);
    await this.deps.access.requireOnDocument(ctx, current.docId, Perm.DELETE, 'delete this document');
    const purgeAt = await purgeAtFor(this.deps, ctx.tenantId, current.documentTypeId);
    const updated = await this.repos.units.transaction(async () => {
      await this.repos.documents.setState(ctx.tenantId, docId, 'DELETED', purgeAt, randomUUID(), actorOf(ctx));
      const record = await this.load(ctx, docId);
      this.recordChange(record, 'delete');
      return record;
    });
    return this.view(ctx, updated);
  }

  async restore(ctx: RequestContext, docId: string): Promise<Document> {
    const current = await this.load(ctx, docId);
    if (current.state !== 'DELETED') fail('NOT_DELETED');
    await this.containers.resolveParent(ctx, current.containerId);
    await this.deps.access.requireOnDocument(ctx, current.docId, Perm.DELETE, 'restore this document');
    const updated = await this.repos.units.transaction(async () => {
      await this.containers.assertNameFree(ctx, current.containerId, current.title, current.docId);
      await this.repos.documents.setState(ctx.tenantId, docId, 'ACTIVE', '', null, actorOf(ctx));
      const record = await this.load(ctx, docId);
      this.recordChange(record, 'restore');
      return record;
    });
    return this.view(ctx, updated);
  }

  /** The type a new document is created with: the given one, which must be an enabled document type, or the tenant's system type. */
  async documentType(ctx: RequestContext, typeId: string | undefined): Promise<ContentTypeRecord> {
    if (!typeId) return (await this.repos.contentTypes.findSystem(ctx.tenantId, 'DOCUMENT')) ?? fail('INTERNAL', 'tenant has no document type');
    const type = await this.repos.contentTypes.get(ctx.tenantId, typeId);
    if (!type || type.targetKind !== 'DOCUMENT' || type.status !== 'ENABLED') {
      fail('VALIDATION', `documentTypeId is not an enabled document type: ${typeId}`, { field: 'documentTypeId' });
    }
    return type;
  }

  recordChange(d: DocumentRecord, op: 'create' | 'update' | 'move' | 'delete' | 'restore' | 'version'): void {
    this.repos.changes.record({
      tenantId: d.tenantId,
      op,
      kind: 'document',
      id: d.docId,
      parentId: d.containerId,
      name: d.title,
      deleted: d.state !== 'ACTIVE',
      versionNo: d.currentVersionNo,
      versionId: d.currentVersionId,
      contentHash: d.contentHash,
      sizeBytes: d.sizeBytes,
    });
  }

  /** The document as v1 answers it; `checked`, the snapshot a permission check just used, lends the container it read. */
  async view(ctx: RequestContext, d: DocumentRecord, checked?: AccessSnapshot): Promise<Document> {
    const [container, documentTypeName, createByName] = await Promise.all([
      checked ? checked.container(d.containerId) : this.repos.containers.get(ctx.tenantId, d.containerId),
      this.repos.contentTypes.nameOf(ctx.tenantId, d.documentTypeId),
      this.repos.identity.displayName(ctx.tenantId, d.createBy),
    ]);
    return toDocument(d, { containerName: container?.name ?? '', documentTypeName: documentTypeName ?? '', createByName });
  }
}
