/**
 * Term sets: controlled vocabularies for OPTION fields (optionSourceType TERM_SET). A term's value
 * is what metadata stores; in a hierarchical set a term may name a parent term.
 */
import type { Term, TermInput, TermSet, TermSetSave } from '../../../shared/v1/contentModel.ts';
import type { TermSetRecord } from '../../store/async/repos/termSets.ts';
import type { AreaDeps } from '../kernel.ts';
import { requireAppContext } from '../contentTypes/appContext.ts';
import { requiredLabel } from '../contentTypes/labels.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';

/** Fills in the defaults of each term and checks values are unique and parents exist without cycles. */
export function normaliseTerms(input: readonly TermInput[], hierarchical: boolean): Term[] {
  const terms: Term[] = input.map((t, i) => ({
    value: t.value,
    label: t.label?.trim() || t.value,
    parentValue: t.parentValue ?? '',
    sortOrder: t.sortOrder ?? i,
    deprecated: t.deprecated ?? false,
  }));
  const parents = new Map<string, string>();
  terms.forEach((t, i) => {
    if (parents.has(t.value)) fail('VALIDATION', `terms lists the value '${t.value}' twice`, { field: `terms[${i}].value` });
    parents.set(t.value, t.parentValue);
  });
  terms.forEach((t, i) => {
    if (!t.parentValue) return;
    const field = `terms[${i}].parentValue`;
    if (!hierarchical) fail('VALIDATION', 'only a hierarchical term set gives terms a parentValue', { field });
    if (!parents.has(t.parentValue)) fail('VALIDATION', `parentValue '${t.parentValue}' is not a term of this set`, { field });
    const seen = new Set([t.value]);
    for (let p = t.parentValue; p; p = parents.get(p) ?? '') {
      if (seen.has(p)) fail('VALIDATION', `term '${t.value}' is its own ancestor`, { field });
      seen.add(p);
    }
  });
  return terms;
}

export class TermSetService {
  constructor(private readonly deps: Pick<AreaDeps<'termSets'>, 'repos'>) {}

  private get repos() {
    return this.deps.repos;
  }

  async load(ctx: RequestContext, termSetId: string): Promise<TermSetRecord> {
    return (await this.repos.termSets.get(ctx.tenantId, termSetId)) ?? notFound('term set', termSetId);
  }

  /** Creates (without termSetId; code and name needed) or changes the given fields; terms are replaced whole. */
  async save(ctx: RequestContext, input: TermSetSave): Promise<TermSet> {
    requireAppContext(ctx, 'saving a term set');
    const record = await this.repos.units.transaction(async () => {
      const current = input.termSetId ? await this.load(ctx, input.termSetId) : undefined;
      const code = input.code ?? current?.code;
      if (!code) fail('VALIDATION', 'code is required to create a term set', { field: 'code' });
      const other = await this.repos.termSets.findByCode(ctx.tenantId, code);
      if (other && other.termSetId !== current?.termSetId) fail('NAME_CONFLICT', `a term set with code '${code}' already exists`, { field: 'code' });
      const hierarchical = input.hierarchical ?? current?.hierarchical ?? false;
      const values = {
        code,
        name: input.name !== undefined || !current ? requiredLabel(input.name, 'name') : current.name,
        description: input.description ?? current?.description ?? '',
        hierarchical,
        terms: normaliseTerms(input.terms ?? current?.terms ?? [], hierarchical),
        status: input.status ?? current?.status ?? 'ENABLED',
      };
      return current ? this.repos.termSets.update(ctx.tenantId, current.termSetId, values) : this.repos.termSets.create(ctx.tenantId, values);
    });
    return view(record);
  }

  async get(ctx: RequestContext, termSetId: string): Promise<TermSet> {
    return view(await this.load(ctx, termSetId));
  }
}

function view(t: TermSetRecord): TermSet {
  return {
    id: t.id,
    termSetId: t.termSetId,
    code: t.code,
    name: t.name,
    description: t.description,
    hierarchical: t.hierarchical,
    terms: t.terms,
    status: t.status,
    createTime: t.createTime,
    updateTime: t.updateTime,
  };
}
