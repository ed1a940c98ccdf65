/** What a field definition means for its values: its options, the lookups its values need, and its compiled rule. */
import type { FormOption, OptionSourceType, ValueType } from '../../../shared/v1/contentModel.ts';
import type { Repos } from '../../store/repositories.ts';
import type { FieldDefinitionRecord } from '../../store/async/repos/fieldDefinitions.ts';
import type { TermSetRecord } from '../../store/async/repos/termSets.ts';
import { parseValidationRule } from './validationRule.ts';
import type { ValueEnv, ValueSpec } from './values.ts';

type OptionSource = Pick<FieldDefinitionRecord, 'optionSourceType' | 'optionSourceId' | 'optionsList'> & { optionSourceType: OptionSourceType };

/** The options of a field, by sortOrder: its static list, or the terms of its term set (termSetsOf). */
export function optionsOf(f: OptionSource, termSets: ReadonlyMap<string, TermSetRecord>): FormOption[] {
  const options =
    f.optionSourceType === 'STATIC'
      ? f.optionsList.map((o) => ({ ...o, parentValue: '' }))
      : f.optionSourceType === 'TERM_SET'
        ? (termSets.get(f.optionSourceId)?.terms ?? [])
        : [];
  return [...options].sort((a, b) => a.sortOrder - b.sortOrder);
}

/**
 * The term sets that `fields` take their options from, by id, looked up before the options are
 * needed: a value is checked inside transactions, which await nothing.
 */
export async function termSetsOf(repos: Repos<'termSets'>, tenantId: string, fields: readonly OptionSource[]): Promise<ReadonlyMap<string, TermSetRecord>> {
  const found = new Map<string, TermSetRecord>();
  for (const f of fields) {
    if (f.optionSourceType !== 'TERM_SET' || found.has(f.optionSourceId)) continue;
    const termSet = await repos.termSets.get(tenantId, f.optionSourceId);
    if (termSet) found.set(termSet.termSetId, termSet);
  }
  return found;
}

/**
 * The users of the tenant among the ids a USER value holds, looked up before the value is checked:
 * the check runs inside transactions, which await nothing, and identity is read asynchronously.
 */
export async function usersNamed(repos: Repos<'identity'>, tenantId: string, valueType: ValueType, value: unknown): Promise<ReadonlySet<string>> {
  const found = new Set<string>();
  if (valueType !== 'USER') return found;
  const ids = new Set((Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string'));
  for (const id of ids) if (await repos.identity.getUser(tenantId, id)) found.add(id);
  return found;
}

/**
 * Deprecated options stay valid values, so documents that hold them keep validating; forms mark
 * them deprecated so that people stop choosing them. `users` are those the value names that exist
 * (usersNamed): any other id is not a user of the tenant.
 */
export function valueEnv(f: OptionSource, termSets: ReadonlyMap<string, TermSetRecord>, users: ReadonlySet<string>): ValueEnv {
  let options: Set<string> | undefined;
  return {
    isOption: (value) => (options ??= new Set(optionsOf(f, termSets).map((o) => o.value))).has(value),
    isUser: (userId) => users.has(userId),
  };
}

/**
 * Rules are checked when the field is saved, but a rule stored under older checks may not parse
 * now (a pattern with lookahead, from before patterns ran on RE2): the field then refuses every
 * value until it is saved with a rule that does.
 */
export function valueSpec(f: Pick<FieldDefinitionRecord, 'valueType' | 'cardinality' | 'required' | 'validationRule'>): ValueSpec {
  const parsed = parseValidationRule(f.validationRule, f.valueType, f.cardinality);
  const spec = { valueType: f.valueType, cardinality: f.cardinality, required: f.required };
  return parsed.ok ? { ...spec, rule: parsed.rule } : { ...spec, rule: { source: {} }, ruleProblem: parsed.reason };
}
