/** Content types (container and document types), and the templates attached to each, over either database. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Capabilities, TargetKind } from '../../../../shared/v1/contentModel.ts';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { ContentTypesTable, StoreSchema } from '../schema.ts';
import { containsText } from './filters.ts';

export type { TargetKind };

export interface ContentTypeRecord {
  id: number;
  typeId: string;
  tenantId: string;
  targetKind: TargetKind;
  parentTypeId: string;
  code: string;
  name: string;
  description: string;
  icon: string;
  system: boolean;
  sortOrder: number;
  status: string;
  maxVersionCount: number;
  retentionDays: number;
  capabilities: Capabilities;
  createTime: string;
  updateTime: string;
}

const toRecord = (r: Selectable<ContentTypesTable>): ContentTypeRecord => ({
  id: r.id,
  typeId: r.type_id,
  tenantId: r.tenant_id,
  targetKind: r.target_kind,
  parentTypeId: r.parent_type_id,
  code: r.code,
  name: r.name,
  description: r.description,
  icon: r.icon,
  system: r.system === 1,
  sortOrder: r.sort_order,
  status: r.status,
  maxVersionCount: r.max_version_count,
  retentionDays: r.retention_days,
  capabilities: JSON.parse(r.capabilities) as Capabilities,
  createTime: r.create_time,
  updateTime: r.update_time,
});

export interface ContentTypePatch {
  code?: string;
  name?: string;
  parentTypeId?: string;
  description?: string;
  icon?: string;
  sortOrder?: number;
  maxVersionCount?: number;
  retentionDays?: number;
  capabilities?: Capabilities;
}

/** A new type needs its tenant, kind, code, name and whether it is a system type; the rest defaults. */
export interface NewContentType extends Omit<ContentTypePatch, 'code' | 'name'> {
  tenantId: string;
  targetKind: TargetKind;
  code: string;
  name: string;
  system: boolean;
}

export interface ContentTypeFilter {
  targetKind?: TargetKind;
  parentTypeId?: string;
  status?: string;
  /** A case-insensitive substring of the name. */
  name?: string;
}

/** A type as the desktop's mirror copies it from the service: every field the service reports, under the service's id. */
export type MirroredContentType = Omit<ContentTypeRecord, 'id' | 'tenantId' | 'targetKind'> & { targetKind: string };

export const CONTENT_TYPE_ORDER_COLUMNS = {
  sortOrder: 'sort_order',
  name: 'name',
  code: 'code',
  createTime: 'create_time',
  updateTime: 'update_time',
} as const;

/**
 * A tenant's system type of a kind (the oldest, should there ever be two): every new document and
 * container looks it up, twice per upload. test/unit/store/queryPlans.test.ts holds its plan on
 * SQLite. The limit is written into the SQL: bound as a parameter (Kysely's way), SQLite took
 * about four times as long to run this read.
 */
export const systemTypeQuery = (q: Kysely<StoreSchema>, tenantId: string, targetKind: TargetKind) =>
  q.selectFrom('content_types').selectAll().where('tenant_id', '=', tenantId).where('target_kind', '=', targetKind).where('system', '=', 1).orderBy('id').limit(sql.lit(1));

// Per request: the finalize chain reads a document's type (its limit and retention), every item
// answered names its type, and a metadata check reads the type's lineage and templates.
const findSystemType = compiledOnce(systemTypeQuery);
const typeById = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, typeId: string) =>
  q.selectFrom('content_types').selectAll().where('tenant_id', '=', tenantId).where('type_id', '=', typeId),
);
const typeName = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, typeId: string) =>
  q.selectFrom('content_types').select('name').where('tenant_id', '=', tenantId).where('type_id', '=', typeId),
);
const templatesOfType = compiledOnce((q: Kysely<StoreSchema>, typeId: string) =>
  q.selectFrom('content_type_templates').select('template_id').where('type_id', '=', typeId).orderBy('position'),
);

export class AsyncContentTypeRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  async create(input: NewContentType): Promise<ContentTypeRecord> {
    const now = nowIso();
    const row = await this.q
      .insertInto('content_types')
      .values({
        type_id: newId(input.targetKind === 'CONTAINER' ? 'ctt' : 'dct'),
        tenant_id: input.tenantId,
        target_kind: input.targetKind,
        parent_type_id: input.parentTypeId ?? '',
        code: input.code,
        name: input.name,
        description: input.description ?? '',
        icon: input.icon ?? '',
        system: input.system ? 1 : 0,
        sort_order: input.sortOrder ?? 0,
        max_version_count: input.maxVersionCount ?? 0,
        retention_days: input.retentionDays ?? 0,
        capabilities: JSON.stringify(input.capabilities ?? {}),
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(tenantId: string, typeId: string): Promise<ContentTypeRecord | undefined> {
    const [row] = (await typeById.run(this.q, tenantId, typeId)).rows;
    return row && toRecord(row);
  }

  /** A type's name, or undefined: what an item's view shows of its type. */
  async nameOf(tenantId: string, typeId: string): Promise<string | undefined> {
    const [row] = (await typeName.run(this.q, tenantId, typeId)).rows;
    return row?.name;
  }

  async findSystem(tenantId: string, targetKind: TargetKind): Promise<ContentTypeRecord | undefined> {
    const [row] = (await findSystemType.run(this.q, tenantId, targetKind)).rows;
    return row && toRecord(row);
  }

  async findByCode(tenantId: string, targetKind: TargetKind, code: string): Promise<ContentTypeRecord | undefined> {
    const row = await this.q
      .selectFrom('content_types')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('target_kind', '=', targetKind)
      .where('code', '=', code)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async update(tenantId: string, typeId: string, patch: ContentTypePatch): Promise<ContentTypeRecord> {
    const current = await this.get(tenantId, typeId);
    if (!current) throw new Error(`content type ${typeId} vanished inside a transaction`);
    const row = await this.q
      .updateTable('content_types')
      .set({
        code: patch.code ?? current.code,
        name: patch.name ?? current.name,
        parent_type_id: patch.parentTypeId ?? current.parentTypeId,
        description: patch.description ?? current.description,
        icon: patch.icon ?? current.icon,
        sort_order: patch.sortOrder ?? current.sortOrder,
        max_version_count: patch.maxVersionCount ?? current.maxVersionCount,
        retention_days: patch.retentionDays ?? current.retentionDays,
        capabilities: JSON.stringify(patch.capabilities ?? current.capabilities),
        update_time: nowIso(),
      })
      .where('tenant_id', '=', tenantId)
      .where('type_id', '=', typeId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async setStatus(tenantId: string, typeId: string, status: string): Promise<void> {
    await this.q.updateTable('content_types').set({ status, update_time: nowIso() }).where('tenant_id', '=', tenantId).where('type_id', '=', typeId).execute();
  }

  async page(
    tenantId: string,
    filter: ContentTypeFilter,
    order: { column: keyof typeof CONTENT_TYPE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: ContentTypeRecord[] }> {
    let where = this.q.selectFrom('content_types').where('tenant_id', '=', tenantId);
    if (filter.targetKind) where = where.where('target_kind', '=', filter.targetKind);
    if (filter.parentTypeId !== undefined) where = where.where('parent_type_id', '=', filter.parentTypeId);
    if (filter.status) where = where.where('status', '=', filter.status);
    if (filter.name) where = where.where(containsText('name', filter.name));
    const counted = await where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await where
      .selectAll()
      .orderBy(CONTENT_TYPE_ORDER_COLUMNS[order.column], order.asc ? 'asc' : 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(counted?.n ?? 0), rows: rows.map(toRecord) };
  }

  /** Ids of the templates attached to a type, in their order. */
  async templateIds(typeId: string): Promise<string[]> {
    return (await templatesOfType.run(this.q, typeId)).rows.map((r) => r.template_id);
  }

  async setTemplates(typeId: string, templateIds: readonly string[]): Promise<void> {
    await this.q.deleteFrom('content_type_templates').where('type_id', '=', typeId).execute();
    if (templateIds.length === 0) return;
    await this.q
      .insertInto('content_type_templates')
      .values(templateIds.map((templateId, position) => ({ type_id: typeId, template_id: templateId, position })))
      .execute();
  }

  /**
   * Inserts or updates a type the desktop's mirror copies from the service, under the service's
   * id. The mirror's own type of the same kind and code (the system folder and file types every
   * tenant starts with) takes the service's id, and its id is returned: the items of that type
   * follow (MirrorRepository.retypeItems). Where the service's id is already here, the twin's code
   * steps aside instead.
   */
  async putMirrored(tenantId: string, t: MirroredContentType): Promise<string | undefined> {
    const twin = await this.q
      .selectFrom('content_types')
      .select('type_id')
      .where('tenant_id', '=', tenantId)
      .where('target_kind', '=', t.targetKind as TargetKind)
      .where('code', '=', t.code)
      .where('type_id', '!=', t.typeId)
      .executeTakeFirst();
    let retyped: string | undefined;
    if (twin) {
      const taken = await this.q.selectFrom('content_types').select('type_id').where('type_id', '=', t.typeId).executeTakeFirst();
      if (taken) {
        await this.q
          .updateTable('content_types')
          .set({ code: sql<string>`code || '.folio-parked-' || type_id` })
          .where('type_id', '=', twin.type_id)
          .execute();
      } else {
        await this.q.updateTable('content_types').set({ type_id: t.typeId }).where('type_id', '=', twin.type_id).execute();
        retyped = twin.type_id;
      }
    }
    const values = {
      parent_type_id: t.parentTypeId,
      code: t.code,
      name: t.name,
      description: t.description,
      icon: t.icon,
      system: t.system ? 1 : 0,
      sort_order: t.sortOrder,
      status: t.status,
      max_version_count: t.maxVersionCount,
      retention_days: t.retentionDays,
      capabilities: JSON.stringify(t.capabilities),
      create_time: t.createTime,
      update_time: t.updateTime,
    };
    await this.q
      .insertInto('content_types')
      .values({ type_id: t.typeId, tenant_id: tenantId, target_kind: t.targetKind as TargetKind, ...values })
      .onConflict((oc) => oc.column('type_id').doUpdateSet(values))
      .execute();
    return retyped;
  }
}
