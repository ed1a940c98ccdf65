/** Templates: named, ordered groups of fields. Content types attach them (templateIds) and inherit their parent's. */
import type { Template, TemplatePageRequest, TemplateSave } from '../../../shared/v1/contentModel.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import type { Repos } from '../../store/repositories.ts';
import { TEMPLATE_ORDER_COLUMNS, type TemplateRecord } from '../../store/async/repos/templates.ts';
import type { AreaDeps } from '../kernel.ts';
import { requireAppContext } from '../contentTypes/appContext.ts';
import { requiredLabel } from '../contentTypes/labels.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { pageWindow } from '../paging.ts';

/** Checks a list of ids that must each name a record of the tenant, once. */
async function checkIdList(ids: readonly string[], field: string, exists: (id: string) => Promise<boolean>, what: string): Promise<string[]> {
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    if (seen.has(id)) fail('VALIDATION', `${field} lists ${id} twice`, { field: `${field}[${i}]` });
    if (!(await exists(id))) fail('VALIDATION', `${field}[${i}] is not a ${what}: ${id}`, { field: `${field}[${i}]` });
    seen.add(id);
  }
  return [...ids];
}

export function checkTemplateIds(repos: Repos<'templates'>, tenantId: string, ids: readonly string[]): Promise<string[]> {
  return checkIdList(ids, 'templateIds', async (id) => (await repos.templates.get(tenantId, id)) !== undefined, 'template');
}

export class TemplateService {
  constructor(private readonly deps: Pick<AreaDeps<'fieldDefinitions' | 'templates'>, 'repos'>) {}

  private get repos() {
    return this.deps.repos;
  }

  async load(ctx: RequestContext, templateId: string): Promise<TemplateRecord> {
    return (await this.repos.templates.get(ctx.tenantId, templateId)) ?? notFound('template', templateId);
  }

  /** Creates (without templateId) or changes the given fields of a template; fieldIds are replaced whole. */
  async save(ctx: RequestContext, input: TemplateSave): Promise<Template> {
    requireAppContext(ctx, 'saving a template');
    const record = await this.repos.units.transaction(async () => {
      const current = input.templateId ? await this.load(ctx, input.templateId) : undefined;
      const name = input.name !== undefined || !current ? requiredLabel(input.name, 'name') : current.name;
      const other = await this.repos.templates.findByName(ctx.tenantId, name);
      if (other && other.templateId !== current?.templateId) fail('NAME_CONFLICT', `a template named '${name}' already exists`, { field: 'name' });
      const fieldIds = await checkIdList(
        input.fieldIds ?? current?.fieldIds ?? [],
        'fieldIds',
        async (id) => (await this.repos.fieldDefinitions.get(ctx.tenantId, id)) !== undefined,
        'field definition',
      );
      const values = {
        name,
        description: input.description ?? current?.description ?? '',
        status: input.status ?? current?.status ?? 'ENABLED',
        fieldIds,
      };
      return current ? this.repos.templates.update(ctx.tenantId, current.templateId, values) : this.repos.templates.create(ctx.tenantId, values);
    });
    return view(record);
  }

  async get(ctx: RequestContext, templateId: string): Promise<Template> {
    return view(await this.load(ctx, templateId));
  }

  async page(ctx: RequestContext, input: TemplatePageRequest): Promise<PageOf<Template>> {
    const w = pageWindow(input, Object.keys(TEMPLATE_ORDER_COLUMNS) as (keyof typeof TEMPLATE_ORDER_COLUMNS)[], 'name');
    const filter = { ...(input.name ? { name: input.name } : {}), ...(input.status ? { status: input.status } : {}) };
    const { total, rows } = await this.repos.units.read(() => this.repos.templates.page(ctx.tenantId, filter, w.order, w.limit, w.offset));
    return { totalElements: total, content: rows.map(view) };
  }
}

function view(t: TemplateRecord): Template {
  return {
    id: t.id,
    templateId: t.templateId,
    name: t.name,
    description: t.description,
    status: t.status,
    fieldIds: t.fieldIds,
    createTime: t.createTime,
    updateTime: t.updateTime,
  };
}
