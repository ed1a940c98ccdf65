/** Term sets: tenant-wide controlled vocabularies that OPTION fields draw their options from. */
import type { Term } from '../../../shared/v1/contentModel.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

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

interface Row {
  id: number;
  term_set_id: string;
  tenant_id: string;
  code: string;
  name: string;
  description: string;
  hierarchical: number;
  terms: string;
  status: string;
  create_time: string;
  update_time: string;
}

const toRecord = (r: Row): TermSetRecord => ({
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

export class TermSetRepository extends Repository {
  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM term_sets WHERE tenant_id = ? AND term_set_id = ?');

  create(tenantId: string, v: TermSetValues): TermSetRecord {
    const termSetId = newId('tms');
    const now = nowIso();
    this.prepared(
        `INSERT INTO term_sets (term_set_id, tenant_id, code, name, description, hierarchical, terms, status, create_time, update_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(termSetId, tenantId, v.code, v.name, v.description, v.hierarchical ? 1 : 0, JSON.stringify(v.terms), v.status, now, now);
    return this.get(tenantId, termSetId) as TermSetRecord;
  }

  update(tenantId: string, termSetId: string, v: TermSetValues): TermSetRecord {
    this.prepared(
        `UPDATE term_sets SET code = ?, name = ?, description = ?, hierarchical = ?, terms = ?, status = ?, update_time = ?
         WHERE tenant_id = ? AND term_set_id = ?`,
      )
      .run(v.code, v.name, v.description, v.hierarchical ? 1 : 0, JSON.stringify(v.terms), v.status, nowIso(), tenantId, termSetId);
    return this.get(tenantId, termSetId) as TermSetRecord;
  }

  get(tenantId: string, termSetId: string): TermSetRecord | undefined {
    const row = this.getStmt.get(tenantId, termSetId);
    return row && toRecord(row);
  }

  findByCode(tenantId: string, code: string): TermSetRecord | undefined {
    const row = this.prepared<[string, string], Row>('SELECT * FROM term_sets WHERE tenant_id = ? AND code = ?').get(tenantId, code);
    return row && toRecord(row);
  }
}
