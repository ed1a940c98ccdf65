/** Term sets: tenant-wide controlled vocabularies that OPTION fields draw their options from, over either database. */
import type { Kysely, Selectable } from 'kysely';
import type { Term } from '../../../../shared/v1/contentModel.ts';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema, TermSetsTable } from '../schema.ts';

export interface TermSetRecord {
  id: number;
  termSetId: string;
  tenantId: string;
  code: string;
  name: string;
  description: string;
  hierarchical: boolean;
  terms: Term[];
  status: string;
  createTime: string;
  updateTime: string;
}

export type TermSetValues = Pick<TermSetRecord, 'code' | 'name' | 'description' | 'hierarchical' | 'terms' | 'status'>;

const toRecord = (r: Selectable<TermSetsTable>): TermSetRecord => ({
  id: r.id,
  termSetId: r.term_set_id,
  tenantId: r.tenant_id,
  code: r.code,
  name: r.name,
  description: r.description,
  hierarchical: r.hierarchical === 1,
  terms: JSON.parse(r.terms) as Term[],
  status: r.status,
  createTime: r.create_time,
  updateTime: r.update_time,
});

const columns = (v: TermSetValues) => ({
  code: v.code,
  name: v.name,
  description: v.description,
  hierarchical: v.hierarchical ? 1 : 0,
  terms: JSON.stringify(v.terms),
  status: v.status,
});

// Per request: a metadata check reads the term set of each OPTION field given a value.
const termSetById = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, termSetId: string) =>
  q.selectFrom('term_sets').selectAll().where('tenant_id', '=', tenantId).where('term_set_id', '=', termSetId),
);

export class AsyncTermSetRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  async create(tenantId: string, v: TermSetValues): Promise<TermSetRecord> {
    const now = nowIso();
    const row = await this.q
      .insertInto('term_sets')
      .values({ ...columns(v), term_set_id: newId('tms'), tenant_id: tenantId, create_time: now, update_time: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async update(tenantId: string, termSetId: string, v: TermSetValues): Promise<TermSetRecord> {
    const row = await this.q
      .updateTable('term_sets')
      .set({ ...columns(v), update_time: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('term_set_id', '=', termSetId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(tenantId: string, termSetId: string): Promise<TermSetRecord | undefined> {
    const [row] = (await termSetById.run(this.q, tenantId, termSetId)).rows;
    return row && toRecord(row);
  }

  async findByCode(tenantId: string, code: string): Promise<TermSetRecord | undefined> {
    const row = await this.q.selectFrom('term_sets').selectAll().where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirst();
    return row && toRecord(row);
  }
}
