/**
 * Metadata values and how each value type is checked. A value is stored as plain JSON:
 * STRING and TEXT strings (at most 255 and 65,535 characters), INTEGER safe integers, DECIMAL
 * finite numbers, BOOLEAN booleans, DATE "YYYY-MM-DD", DATETIME ISO 8601 with a zone
 * ("2024-05-01T10:00:00Z", "…+02:00"), OPTION the value of one of the field's options, USER a
 * userId of the tenant. A MULTI field holds an array of such values without repeats.
 * No value (absent, null, "" or []) is allowed unless the field is required.
 */
import type { Cardinality, ValueType } from '../../../shared/v1/contentModel.ts';
import { parseDate, parseDateTime } from './dates.ts';
import type { CompiledRule } from './validationRule.ts';

export const STRING_MAX = 255;
export const TEXT_MAX = 65_535;
export const MULTI_MAX_ITEMS = 1000;

const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;

/** Lookups a value check needs beyond the value itself. */
export interface ValueEnv {
  isOption(value: string): boolean;
  isUser(userId: string): boolean;
}

export interface ValueSpec {
  valueType: ValueType;
  cardinality: Cardinality;
  required: boolean;
  rule: CompiledRule;
  /** Why the field's stored validationRule cannot be applied; no value passes until it is fixed. */
  ruleProblem?: string;
}

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The comparable magnitude of a value for min/max: the number, or the instant of a date. */
function magnitude(valueType: ValueType, v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return null;
  return valueType === 'DATE' ? parseDate(v) : valueType === 'DATETIME' ? parseDateTime(v) : null;
}

function checkType(valueType: ValueType, v: unknown, env: ValueEnv): string | null {
  switch (valueType) {
    case 'STRING':
      if (typeof v !== 'string') return 'must be a string';
      return v.length > STRING_MAX ? `must have at most ${STRING_MAX} characters` : null;
    case 'TEXT':
      if (typeof v !== 'string') return 'must be a string';
      return v.length > TEXT_MAX ? `must have at most ${TEXT_MAX} characters` : null;
    case 'INTEGER':
      return typeof v === 'number' && Number.isSafeInteger(v) ? null : 'must be an integer';
    case 'DECIMAL':
      return typeof v === 'number' && Number.isFinite(v) ? null : 'must be a number';
    case 'BOOLEAN':
      return typeof v === 'boolean' ? null : 'must be true or false';
    case 'DATE':
      return typeof v === 'string' && parseDate(v) !== null ? null : 'must be a date as YYYY-MM-DD';
    case 'DATETIME':
      return typeof v === 'string' && parseDateTime(v) !== null ? null : 'must be an ISO 8601 date-time with a time zone';
    case 'OPTION':
      return typeof v === 'string' && env.isOption(v) ? null : 'must be the value of one of the options';
    case 'USER':
      return typeof v === 'string' && env.isUser(v) ? null : 'must be the userId of a user of this tenant';
  }
}

function checkScalar(spec: ValueSpec, v: unknown, env: ValueEnv): string | null {
  const typeError = checkType(spec.valueType, v, env);
  if (typeError) return typeError;
  const { rule } = spec;
  if (typeof v === 'string') {
    if (rule.minLength !== undefined && v.length < rule.minLength) return `must have at least ${rule.minLength} characters`;
    if (rule.maxLength !== undefined && v.length > rule.maxLength) return `must have at most ${rule.maxLength} characters`;
    if (rule.regex && !rule.regex.test(v)) return `must match the pattern ${rule.regex.pattern()}`;
  }
  const m = magnitude(spec.valueType, v);
  if (m !== null) {
    if (rule.min !== undefined && m < rule.min) return `must be at least ${String(rule.source.min)}`;
    if (rule.max !== undefined && m > rule.max) return `must be at most ${String(rule.source.max)}`;
  }
  return null;
}

/** Why `v` is not a valid value of the field, or null when it is. Never throws. */
export function checkValue(spec: ValueSpec, v: unknown, env: ValueEnv): string | null {
  if (isEmptyValue(v)) return spec.required ? 'is required' : null;
  if (spec.ruleProblem !== undefined) return `cannot be checked: the field's stored validationRule is no longer accepted (${spec.ruleProblem}); save the field with a valid rule`;
  if (spec.cardinality === 'SINGLE') return Array.isArray(v) ? 'takes a single value, not a list' : checkScalar(spec, v, env);
  if (!Array.isArray(v)) return 'takes a list of values';
  if (v.length > MULTI_MAX_ITEMS) return `must have at most ${MULTI_MAX_ITEMS} values`;
  const { rule } = spec;
  if (rule.minItems !== undefined && v.length < rule.minItems) return `must have at least ${rule.minItems} values`;
  if (rule.maxItems !== undefined && v.length > rule.maxItems) return `must have at most ${rule.maxItems} values`;
  const seen = new Set<unknown>();
  for (const [i, item] of v.entries()) {
    const reason = checkScalar(spec, item, env);
    if (reason) return `value ${i + 1} ${reason}`;
    if (seen.has(item)) return `repeats the value ${JSON.stringify(item)}`;
    seen.add(item);
  }
  return null;
}

export type DefaultResult = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * A field's defaultValue, from its text: '' is no default; for a SINGLE field the value written
 * out (`abc`, `42`, `3.5`, `true`, `2024-05-01`); for a MULTI field a JSON array (`["a","b"]`).
 * The result still needs checkValue against the field.
 */
export function parseDefaultValue(raw: string, valueType: ValueType, cardinality: Cardinality): DefaultResult {
  if (raw === '') return { ok: true, value: null };
  if (cardinality === 'MULTI') {
    try {
      const value: unknown = JSON.parse(raw);
      return Array.isArray(value) ? { ok: true, value } : { ok: false, reason: 'the default of a MULTI field is a JSON array, e.g. ["a","b"]' };
    } catch {
      return { ok: false, reason: 'the default of a MULTI field is a JSON array, e.g. ["a","b"]' };
    }
  }
  switch (valueType) {
    case 'INTEGER':
      return INTEGER_TEXT.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, reason: 'the default must be an integer' };
    case 'DECIMAL':
      return DECIMAL_TEXT.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, reason: 'the default must be a number' };
    case 'BOOLEAN':
      return raw === 'true' || raw === 'false' ? { ok: true, value: raw === 'true' } : { ok: false, reason: 'the default must be true or false' };
    default:
      return { ok: true, value: raw };
  }
}
