/**
 * Content types (spec 4.10, 4.13, 4.15): container and document types, their parent types, their
 * templates and capabilities, and their limits (maxVersionCount, retentionDays).
 */
import type { ContentType, ContentTypePageRequest, ContentTypeSave, ContentTypeUpdate, TargetKind } from '../../../shared/v1/contentModel.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { CONTENT_TYPE_ORDER_COLUMNS, type ContentTypeRecord } from '../../store/repos/contentTypes.ts';
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
  constructor(private readonly deps: Pick<AreaDeps<'contentTypes' | 'fieldDefinitions' | 'templates'>, 'repos'>) {}

  private get repos() {
    return this.deps.repos;
  }

  /** A type of the caller's tenant, or NOT_FOUND: other tenants' ids behave as unknown. */
  load(ctx: RequestContext, typeId: string): ContentTypeRecord {
    return this.repos.contentTypes.get(ctx.tenantId, typeId) ?? notFound('content type', typeId);
  }

  save(ctx: RequestContext, input: ContentTypeSave): ContentType {
    requireAppContext(ctx, 'creating a content type');
    const name = requiredLabel(input.name, 'name');
    const capabilities = validCapabilities(input.capabilities ?? {});
    const created = this.repos.transaction(() => {
      this.assertCodeFree(ctx, input.targetKind, input.code);
      if (input.parentTypeId) this.parentOf(ctx, input.targetKind, input.parentTypeId);
      const templateIds = checkTemplateIds(this.repos, ctx.tenantId, input.templateIds ?? []);
      const record = this.repos.contentTypes.create({
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
      this.repos.contentTypes.setTemplates(record.typeId, templateIds);
      return record;
    });
    return this.view(created);
  }

  get(ctx: RequestContext, typeId: string): ContentType {
    return this.view(this.load(ctx, typeId));
  }

  page(ctx: RequestContext, input: ContentTypePageRequest): PageOf<ContentType> {
    const w = pageWindow(input, Object.keys(CONTENT_TYPE_ORDER_COLUMNS) as (keyof typeof CONTENT_TYPE_ORDER_COLUMNS)[], 'sortOrder');
    const filter = {
      ...(input.targetKind ? { targetKind: input.targetKind } : {}),
      ...(input.parentTypeId ? { parentTypeId: input.parentTypeId } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.name ? { name: input.name } : {}),
    };
    const { total, rows } = this.repos.contentTypes.page(ctx.tenantId, filter, w.order, w.limit, w.offset);
    return { totalElements: total, content: rows.map((r) => this.view(r)) };
  }

  /** Changes the given fields. parentTypeId '' removes the parent; a new parent must not descend from the type. */
  update(ctx: RequestContext, input: ContentTypeUpdate): ContentType {
    requireAppContext(ctx, 'changing a content type');
    const name = input.name === undefined ? undefined : requiredLabel(input.name, 'name');
    const capabilities = input.capabilities === undefined ? undefined : validCapabilities(input.capabilities);
    const updated = this.repos.transaction(() => {
      const current = this.load(ctx, input.typeId);
      if (input.code !== undefined && input.code !== current.code) this.assertCodeFree(ctx, current.targetKind, input.code);
      if (input.parentTypeId) {
        const parent = this.parentOf(ctx, current.targetKind, input.parentTypeId);
        if (lineage(this.repos, parent).some((t) => t.typeId === current.typeId)) {
          fail('CONTENT_TYPE_CYCLE', `type ${parent.typeId} is ${current.typeId} or inherits from it`, { field: 'parentTypeId' });
        }
      }
      if (input.templateIds !== undefined) {
        this.repos.contentTypes.setTemplates(current.typeId, checkTemplateIds(this.repos, ctx.tenantId, input.templateIds));
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
  setEnabled(ctx: RequestContext, typeId: string, enabled: boolean): ContentType {
    requireAppContext(ctx, enabled ? 'enabling a content type' : 'disabling a content type');
    const record = this.repos.transaction(() => {
      const current = this.load(ctx, typeId);
      if (!enabled && current.system) fail('SYSTEM_CONTENT_TYPE', `${current.code} is a system type`);
      this.repos.contentTypes.setStatus(ctx.tenantId, typeId, enabled ? 'ENABLED' : 'DISABLED');
      return this.load(ctx, typeId);
    });
    return this.view(record);
  }

  private assertCodeFree(ctx: RequestContext, targetKind: TargetKind, code: string): void {
    if (this.repos.contentTypes.findByCode(ctx.tenantId, targetKind, code)) {
      fail('NAME_CONFLICT', `a ${targetKind} type with code '${code}' already exists`, { field: 'code' });
    }
  }

  private parentOf(ctx: RequestContext, targetKind: TargetKind, parentTypeId: string): ContentTypeRecord {
    const parent = this.repos.contentTypes.get(ctx.tenantId, parentTypeId);
    if (!parent) fail('VALIDATION', `parentTypeId is not a content type: ${parentTypeId}`, { field: 'parentTypeId' });
    if (parent.targetKind !== targetKind) fail('VALIDATION', `parentTypeId must be a ${targetKind} type, not ${parent.targetKind}`, { field: 'parentTypeId' });
    return parent;
  }

  view(t: ContentTypeRecord): ContentType {
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
      effectiveCapabilities: mergeCapabilities(lineage(this.repos, t).map((a) => a.capabilities)),
      templateIds: this.repos.contentTypes.templateIds(t.typeId),
    };
  }
}
