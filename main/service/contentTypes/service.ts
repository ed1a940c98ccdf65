/**
 * Content types (spec 4.10, 4.13, 4.15): container and document types, their parent types, their
 * templates and capabilities, and their limits (maxVersionCount, retentionDays).
 */
import type { ContentType, ContentTypePageRequest, ContentTypeSave, ContentTypeUpdate, TargetKind } from '../../../shared/v1/contentModel.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { CONTENT_TYPE_ORDER_COLUMNS, type ContentTypeRecord } from '../../store/async/repos/contentTypes.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { checkTemplateIds } from '../forms/templates.ts';
import { pageWindow } from '../paging.ts';
import { requireAppContext } from './appContext.ts';
import { mergeCapabilities, validCapabilities } from './capabilities.ts';
import { requiredLabel } from './labels.ts';
import { lineage } from './lineage.ts';

export class ContentTypeService {
  constructor(private readonly deps: Pick<AreaDeps<'contentTypes' | 'templates'>, 'repos'>) {}

  private get repos() {
    return this.deps.repos;
  }

  /** A type of the caller's tenant, or NOT_FOUND: other tenants' ids behave as unknown. */
  async load(ctx: RequestContext, typeId: string): Promise<ContentTypeRecord> {
    return (await this.repos.contentTypes.get(ctx.tenantId, typeId)) ?? notFound('content type', typeId);
  }

  async save(ctx: RequestContext, input: ContentTypeSave): Promise<ContentType> {
    requireAppContext(ctx, 'creating a content type');
    const name = requiredLabel(input.name, 'name');
    const capabilities = validCapabilities(input.capabilities ?? {});
    const created = await this.repos.units.transaction(async () => {
      await this.assertCodeFree(ctx, input.targetKind, input.code);
      if (input.parentTypeId) await this.parentOf(ctx, input.targetKind, input.parentTypeId);
      const templateIds = await checkTemplateIds(this.repos, ctx.tenantId, input.templateIds ?? []);
      const record = await this.repos.contentTypes.create({
        tenantId: ctx.tenantId,
        targetKind: input.targetKind,
        code: input.code,
        name,
        system: false,
        parentTypeId: input.parentTypeId ?? '',
        description: input.description ?? '',
        icon: input.icon ?? '',
        sortOrder: input.sortOrder ?? 0,
        maxVersionCount: input.maxVersionCount ?? 0,
        retentionDays: input.retentionDays ?? 0,
        capabilities,
      });
      await this.repos.contentTypes.setTemplates(record.typeId, templateIds);
      return record;
    });
    return this.view(created);
  }

  async get(ctx: RequestContext, typeId: string): Promise<ContentType> {
    return this.view(await this.load(ctx, typeId));
  }

  async page(ctx: RequestContext, input: ContentTypePageRequest): Promise<PageOf<ContentType>> {
    const w = pageWindow(input, Object.keys(CONTENT_TYPE_ORDER_COLUMNS) as (keyof typeof CONTENT_TYPE_ORDER_COLUMNS)[], 'sortOrder');
    const filter = {
      ...(input.targetKind ? { targetKind: input.targetKind } : {}),
      ...(input.parentTypeId ? { parentTypeId: input.parentTypeId } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.name ? { name: input.name } : {}),
    };
    // One read transaction: the count, the page and each type's lineage and templates agree.
    return this.repos.units.read(async () => {
      const { total, rows } = await this.repos.contentTypes.page(ctx.tenantId, filter, w.order, w.limit, w.offset);
      const content: ContentType[] = [];
      for (const r of rows) content.push(await this.view(r));
      return { totalElements: total, content };
    });
  }

  /** Changes the given fields. parentTypeId '' removes the parent; a new parent must not descend from the type. */
  async update(ctx: RequestContext, input: ContentTypeUpdate): Promise<ContentType> {
    requireAppContext(ctx, 'changing a content type');
    const name = input.name === undefined ? undefined : requiredLabel(input.name, 'name');
    const capabilities = input.capabilities === undefined ? undefined : validCapabilities(input.capabilities);
    const updated = await this.repos.units.transaction(async () => {
      const current = await this.load(ctx, input.typeId);
      if (input.code !== undefined && input.code !== current.code) await this.assertCodeFree(ctx, current.targetKind, input.code);
      if (input.parentTypeId) {
        const parent = await this.parentOf(ctx, current.targetKind, input.parentTypeId);
        if ((await lineage(this.repos, parent)).some((t) => t.typeId === current.typeId)) {
          fail('CONTENT_TYPE_CYCLE', `type ${parent.typeId} is ${current.typeId} or inherits from it`, { field: 'parentTypeId' });
        }
      }
      if (input.templateIds !== undefined) {
        await this.repos.contentTypes.setTemplates(current.typeId, await checkTemplateIds(this.repos, ctx.tenantId, input.templateIds));
      }
      return this.repos.contentTypes.update(ctx.tenantId, current.typeId, {
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(name !== undefined ? { name } : {}),
        ...(input.parentTypeId !== undefined ? { parentTypeId: input.parentTypeId } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
        ...(input.maxVersionCount !== undefined ? { maxVersionCount: input.maxVersionCount } : {}),
        ...(input.retentionDays !== undefined ? { retentionDays: input.retentionDays } : {}),
        ...(capabilities !== undefined ? { capabilities } : {}),
      });
    });
    return this.view(updated);
  }

  /**
   * A disabled type takes no new containers or documents; items that have it keep it, and child
   * types keep inheriting from it. System types stay enabled.
   */
  async setEnabled(ctx: RequestContext, typeId: string, enabled: boolean): Promise<ContentType> {
    requireAppContext(ctx, enabled ? 'enabling a content type' : 'disabling a content type');
    const record = await this.repos.units.transaction(async () => {
      const current = await this.load(ctx, typeId);
      if (!enabled && current.system) fail('SYSTEM_CONTENT_TYPE', `${current.code} is a system type`);
      await this.repos.contentTypes.setStatus(ctx.tenantId, typeId, enabled ? 'ENABLED' : 'DISABLED');
      return this.load(ctx, typeId);
    });
    return this.view(record);
  }

  private async assertCodeFree(ctx: RequestContext, targetKind: TargetKind, code: string): Promise<void> {
    if (await this.repos.contentTypes.findByCode(ctx.tenantId, targetKind, code)) {
      fail('NAME_CONFLICT', `a ${targetKind} type with code '${code}' already exists`, { field: 'code' });
    }
  }

  private async parentOf(ctx: RequestContext, targetKind: TargetKind, parentTypeId: string): Promise<ContentTypeRecord> {
    const parent = await this.repos.contentTypes.get(ctx.tenantId, parentTypeId);
    if (!parent) fail('VALIDATION', `parentTypeId is not a content type: ${parentTypeId}`, { field: 'parentTypeId' });
    if (parent.targetKind !== targetKind) fail('VALIDATION', `parentTypeId must be a ${targetKind} type, not ${parent.targetKind}`, { field: 'parentTypeId' });
    return parent;
  }

  async view(t: ContentTypeRecord): Promise<ContentType> {
    return {
      id: t.id,
      typeId: t.typeId,
      targetKind: t.targetKind,
      parentTypeId: t.parentTypeId,
      code: t.code,
      name: t.name,
      description: t.description,
      icon: t.icon,
      system: t.system,
      sortOrder: t.sortOrder,
      status: t.status,
      createTime: t.createTime,
      updateTime: t.updateTime,
      maxVersionCount: t.maxVersionCount,
      retentionDays: t.retentionDays,
      capabilities: t.capabilities,
      effectiveCapabilities: mergeCapabilities((await lineage(this.repos, t)).map((a) => a.capabilities)),
      templateIds: await this.repos.contentTypes.templateIds(t.typeId),
    };
  }
}
