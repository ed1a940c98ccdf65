/** Domain rules of containers: the tree, its names, moves, and the recycle bin. */
import { randomUUID } from 'node:crypto';
import { Perm, describeMask } from '../../../shared/permissions.ts';
import type { Container, PageOf } from '../../../shared/v1/resources.ts';
import type { ContainerCreate, ContainerPageRequest, ContainerUpdate } from '../../../shared/v1/requests.ts';
import { CONTAINER_ORDER_COLUMNS, type ContainerRecord } from '../../store/async/repos/containers.ts';
import type { AreaDeps } from '../kernel.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { checkMetadata, type MetadataRepos } from '../forms/metadata.ts';
import { pageWindow } from '../paging.ts';
import { validMetadata } from '../tree/metadata.ts';
import { validName } from '../tree/names.ts';
import { canReadContainer, visiblePage } from '../acl/visible.ts';
import { purgeAtFor } from '../tree/recycleBin.ts';
import { toContainer } from './view.ts';

export class ContainerService {
  constructor(private readonly deps: AreaDeps<MetadataRepos | 'changes' | 'containers'>) {}

  private get repos() {
    return this.deps.repos;
  }

  /** A container of the caller's tenant, or NOT_FOUND: other tenants' ids behave as unknown. */
  async load(ctx: RequestContext, containerId: string): Promise<ContainerRecord> {
    return (await this.repos.containers.get(ctx.tenantId, containerId)) ?? notFound('container', containerId);
  }

  private async root(ctx: RequestContext): Promise<ContainerRecord> {
    return (await this.repos.containers.findSystem(ctx.tenantId, 'ROOT')) ?? fail('INTERNAL', 'tenant has no system root');
  }

  /** An empty parentId means the tenant's system root (spec 4.5). */
  async resolveParent(ctx: RequestContext, parentId: string | undefined): Promise<ContainerRecord> {
    const parent = parentId ? await this.load(ctx, parentId) : await this.root(ctx);
    if (parent.status !== 'ACTIVE') fail('PARENT_DELETED', `container ${parent.containerId} is in the recycle bin`);
    return parent;
  }

  async create(ctx: RequestContext, input: ContainerCreate): Promise<Container> {
    const parent = await this.resolveParent(ctx, input.parentId);
    await this.deps.access.require(ctx, parent.containerId, Perm.WRITE, 'create a container here');
    const name = validName(input.name, 'name');
    const metadata = validMetadata(input.metadataColumns ?? {}, 'metadataColumns');
    const typeId = await this.containerType(ctx, input.containerTypeId);
    await checkMetadata(this.deps, ctx, { targetKind: 'CONTAINER', typeId }, input.metadataColumns ?? {}, { partial: false });
    // One unit of work: the new container, its ACL entries (read and written in the same
    // transaction) and its change.
    const created = await this.repos.units.transaction(async (tx) => {
      await this.assertNameFree(ctx, parent.containerId, name);
      const record = await tx.containers.create({
        tenantId: ctx.tenantId,
        parentId: parent.containerId,
        containerTypeId: typeId,
        name,
        description: input.description ?? '',
        sortOrder: input.sortOrder ?? 0,
        metadata,
        aclInheritEnabled: input.aclInheritEnabled ?? true,
        systemKind: null,
        createBy: actorOf(ctx),
      });
      await this.deps.access.onContainerCreated(ctx, record);
      this.recordChange(record, 'create');
      return record;
    });
    return this.view(ctx, created);
  }

  async get(ctx: RequestContext, containerId: string): Promise<Container> {
    const record = await this.load(ctx, containerId);
    await this.deps.access.require(ctx, record.containerId, Perm.READ, 'read this container');
    return this.view(ctx, record);
  }

  /** A container's child containers; an empty parentId lists the root's. */
  async page(ctx: RequestContext, input: ContainerPageRequest): Promise<PageOf<Container>> {
    const parent = input.parentId ? await this.load(ctx, input.parentId) : await this.root(ctx);
    await this.deps.access.require(ctx, parent.containerId, Perm.READ, 'list this container');
    const w = pageWindow(input, Object.keys(CONTAINER_ORDER_COLUMNS) as (keyof typeof CONTAINER_ORDER_COLUMNS)[], 'name');
    const fetch = (limit: number, offset: number) => this.repos.containers.page(ctx.tenantId, parent.containerId, input.includeDeleted ?? false, w.order, limit, offset);
    const { total, rows } = await visiblePage(this.deps.access, ctx, w.limit, w.offset, fetch, (s, r) => canReadContainer(s, r.containerId));
    return { totalElements: total, content: await Promise.all(rows.map((r) => this.view(ctx, r))) };
  }

  async update(ctx: RequestContext, input: ContainerUpdate): Promise<Container> {
    const current = await this.load(ctx, input.containerId);
    if (current.status !== 'ACTIVE') fail('PARENT_DELETED', 'restore the container before changing it');
    await this.deps.access.require(ctx, current.containerId, Perm.WRITE, 'change this container');
    const name = input.name === undefined ? undefined : validName(input.name, 'name');
    const metadata = input.metadataColumns === undefined ? undefined : validMetadata(input.metadataColumns, 'metadataColumns');
    const moving = input.parentId !== undefined && input.parentId !== '' && input.parentId !== current.parentId;
    const renaming = name !== undefined && name !== current.name;
    if ((moving || renaming) && current.systemKind) fail('SYSTEM_CONTAINER', 'system containers cannot be renamed or moved');
    const targetParentId = moving ? await this.moveTarget(ctx, current, input.parentId as string) : current.parentId;
    if (input.metadataColumns !== undefined) await checkMetadata(this.deps, ctx, { targetKind: 'CONTAINER', typeId: current.containerTypeId }, input.metadataColumns, { partial: false });

    const updated = await this.repos.units.transaction(async (tx) => {
      if ((moving || renaming) && targetParentId) await this.assertNameFree(ctx, targetParentId, name ?? current.name, current.containerId);
      const record = await tx.containers.update(
        ctx.tenantId,
        current.containerId,
        {
          ...(name !== undefined ? { name } : {}),
          ...(moving ? { parentId: targetParentId as string } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
          ...(metadata !== undefined ? { metadata } : {}),
        },
        actorOf(ctx),
      );
      this.recordChange(record, moving ? 'move' : 'update');
      return record;
    });
    return this.view(ctx, updated);
  }

  /** Moves a container, with everything below it, to the recycle bin. */
  async delete(ctx: RequestContext, containerId: string): Promise<Container> {
    const current = await this.load(ctx, containerId);
    if (current.systemKind) fail('SYSTEM_CONTAINER', 'system containers cannot be deleted');
    if (current.status !== 'ACTIVE') return this.view(ctx, current);
    await this.deps.access.require(ctx, current.containerId, Perm.DELETE, 'delete this container');
    const purgeAt = await purgeAtFor(this.deps, ctx.tenantId, current.containerTypeId);
    const batch = randomUUID();
    const actor = actorOf(ctx);
    await this.repos.units.transaction(async (tx) => {
      for (const id of await tx.containers.subtreeIds(ctx.tenantId, current.containerId)) {
        const c = await tx.containers.get(ctx.tenantId, id);
        if (!c || c.status !== 'ACTIVE') continue;
        await tx.containers.setStatus(ctx.tenantId, id, 'DELETED', purgeAt, batch, actor);
        this.recordChange({ ...c, status: 'DELETED' }, 'delete');
        for (const d of await tx.documents.inContainer(ctx.tenantId, id, 'ACTIVE')) {
          await tx.documents.setState(ctx.tenantId, d.docId, 'DELETED', purgeAt, batch, actor);
          this.repos.changes.record({ tenantId: ctx.tenantId, op: 'delete', kind: 'document', id: d.docId, parentId: d.containerId, name: d.title, deleted: true, versionNo: d.currentVersionNo, versionId: d.currentVersionId, contentHash: d.contentHash, sizeBytes: d.sizeBytes });
        }
      }
    });
    return this.view(ctx, await this.load(ctx, containerId));
  }

  /** Brings back a deleted container and everything that was deleted with it. */
  async restore(ctx: RequestContext, containerId: string): Promise<Container> {
    const current = await this.load(ctx, containerId);
    if (current.status !== 'DELETED' || !current.deletedBatch) fail('NOT_DELETED');
    await this.deps.access.require(ctx, current.containerId, Perm.DELETE, 'restore this container');
    const parent = await this.resolveParent(ctx, current.parentId ?? undefined);
    const batch = current.deletedBatch;
    const actor = actorOf(ctx);
    await this.repos.units.transaction(async (tx) => {
      await this.assertNameFree(ctx, parent.containerId, current.name, current.containerId);
      // Parents before children: subtreeIds lists the restored container first, then its descendants by depth.
      const inBatch = new Set((await tx.containers.inBatch(ctx.tenantId, batch)).map((c) => c.containerId));
      for (const id of await tx.containers.subtreeIds(ctx.tenantId, current.containerId)) {
        if (!inBatch.has(id)) continue;
        await tx.containers.setStatus(ctx.tenantId, id, 'ACTIVE', '', null, actor);
        const c = await this.load(ctx, id);
        this.recordChange(c, 'restore');
        for (const d of await tx.documents.inContainer(ctx.tenantId, id, 'DELETED')) {
          if (d.deletedBatch !== batch) continue;
          await tx.documents.setState(ctx.tenantId, d.docId, 'ACTIVE', '', null, actor);
          this.repos.changes.record({ tenantId: ctx.tenantId, op: 'restore', kind: 'document', id: d.docId, parentId: d.containerId, name: d.title, deleted: false, versionNo: d.currentVersionNo, versionId: d.currentVersionId, contentHash: d.contentHash, sizeBytes: d.sizeBytes });
        }
      }
    });
    return this.view(ctx, await this.load(ctx, containerId));
  }

  private async moveTarget(ctx: RequestContext, current: ContainerRecord, parentId: string): Promise<string> {
    const target = await this.resolveParent(ctx, parentId);
    if (target.containerId === current.containerId || (await this.repos.containers.ancestors(ctx.tenantId, target.containerId)).some((a) => a.containerId === current.containerId)) {
      fail('INVALID_MOVE');
    }
    await this.deps.access.require(ctx, target.containerId, Perm.WRITE, 'move a container here');
    return target.containerId;
  }

  private async containerType(ctx: RequestContext, typeId: string | undefined): Promise<string> {
    if (!typeId) {
      return ((await this.repos.contentTypes.findSystem(ctx.tenantId, 'CONTAINER')) ?? fail('INTERNAL', 'tenant has no container type')).typeId;
    }
    const type = await this.repos.contentTypes.get(ctx.tenantId, typeId);
    if (!type || type.targetKind !== 'CONTAINER' || type.status !== 'ENABLED') {
      fail('VALIDATION', `containerTypeId is not an enabled container type: ${typeId}`, { field: 'containerTypeId' });
    }
    return type.typeId;
  }

  async assertNameFree(ctx: RequestContext, parentId: string, name: string, exceptId?: string): Promise<void> {
    if (await this.repos.documents.nameTaken(ctx.tenantId, parentId, name, exceptId)) fail('NAME_CONFLICT', `'${name}' already exists in this container`);
  }

  private recordChange(c: ContainerRecord, op: 'create' | 'update' | 'move' | 'delete' | 'restore'): void {
    this.repos.changes.record({ tenantId: c.tenantId, op, kind: 'container', id: c.containerId, parentId: c.parentId ?? '', name: c.name, deleted: c.status !== 'ACTIVE' });
  }

  async view(ctx: RequestContext, c: ContainerRecord): Promise<Container> {
    return toContainer(c, {
      parentName: c.parentId ? ((await this.repos.containers.get(ctx.tenantId, c.parentId))?.name ?? '') : '',
      containerTypeName: (await this.repos.contentTypes.nameOf(ctx.tenantId, c.containerTypeId)) ?? '',
      createByName: await this.repos.identity.displayName(ctx.tenantId, c.createBy),
      effectivePermissions: describeMask(await this.deps.access.maskOn(ctx, c.containerId)),
      hasChildren: await this.repos.containers.hasActiveChildren(ctx.tenantId, c.containerId),
    });
  }
}
