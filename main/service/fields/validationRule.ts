/**
 * A field's validationRule: a JSON object in a string ('' means no rule), e.g.
 * `{"pattern":"^[A-Z]{3}-\\d+$","maxLength":12}` or `{"min":0,"max":100}`.
 *
 * Keys, by the field's valueType and cardinality:
 * - STRING, TEXT: pattern (a regular expression in RE2 syntax, searched for in the value, so
 *   tested against the whole value only if it is anchored), minLength, maxLength (characters).
 *   A pattern runs on a linear-time engine (re2js), never on JavaScript's backtracking RegExp:
 *   a user's pattern must not be able to stall the service for every tenant. What RE2 lacks
 *   (lookaround, backreferences) is refused, as is a pattern over MAX_PATTERN_LENGTH characters
 *   or one that compiles to more than MAX_PATTERN_PROGRAM instructions (large counted
 *   repetitions), which would make even a linear match slow.
 * - INTEGER: min, max (integers). DECIMAL: min, max (numbers). DATE: min, max ("YYYY-MM-DD").
 *   DATETIME: min, max (ISO 8601 with a zone). Bounds are inclusive.
 * - MULTI fields of any type: minItems, maxItems.
 * Any other key, a bound of the wrong type, or min above max is refused when the field is saved.
 */
import { RE2JS } from 're2js';
import type { Cardinality, ValueType } from '../../../shared/v1/contentModel.ts';
import { parseDate, parseDateTime } from './dates.ts';

export const MAX_PATTERN_LENGTH = 500;
/**
 * Past about 600 instructions re2js's DFA runs out of cache on some patterns (`\pL{700}`) and
 * falls back to a search that costs microseconds per character; below it, a megabyte of values
 * is checked in well under a second.
 */
export const MAX_PATTERN_PROGRAM = 500;

export interface ValidationRule {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  minItems?: number;
  maxItems?: number;
}

/** A rule ready to apply: the regular expression compiled, date bounds as epoch milliseconds. */
export interface CompiledRule {
  source: ValidationRule;
  regex?: RE2JS;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  minItems?: number;
  maxItems?: number;
}

export type RuleResult = { ok: true; rule: CompiledRule } | { ok: false; reason: string };

const STRING_KEYS = ['pattern', 'minLength', 'maxLength'] as const;
const RANGE_KEYS = ['min', 'max'] as const;
const MULTI_KEYS = ['minItems', 'maxItems'] as const;

function keysFor(valueType: ValueType, cardinality: Cardinality): readonly string[] {
  const own: readonly string[] =
    valueType === 'STRING' || valueType === 'TEXT'
      ? STRING_KEYS
      : valueType === 'INTEGER' || valueType === 'DECIMAL' || valueType === 'DATE' || valueType === 'DATETIME'
        ? RANGE_KEYS
        : [];
  return cardinality === 'MULTI' ? [...own, ...MULTI_KEYS] : own;
}

const refuse = (reason: string): RuleResult => ({ ok: false, reason });

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** Turns a bound of a range rule into a comparable number, or explains why it cannot be one. */
function rangeBound(valueType: ValueType, key: string, v: unknown): number | string {
  switch (valueType) {
    case 'INTEGER':
      return typeof v === 'number' && Number.isSafeInteger(v) ? v : `${key} must be an integer`;
    case 'DECIMAL':
      return typeof v === 'number' && Number.isFinite(v) ? v : `${key} must be a number`;
    case 'DATE': {
      const t = typeof v === 'string' ? parseDate(v) : null;
      return t ?? `${key} must be a date as YYYY-MM-DD`;
    }
    default: {
      const t = typeof v === 'string' ? parseDateTime(v) : null;
      return t ?? `${key} must be an ISO 8601 date-time with a time zone`;
    }
  }
}

function compilePattern(v: unknown): RE2JS | string {
  if (typeof v !== 'string' || v.length === 0) return 'pattern must be a non-empty string';
  if (v.length > MAX_PATTERN_LENGTH) return `pattern must have at most ${MAX_PATTERN_LENGTH} characters`;
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(v);
  } catch (err) {
    return `pattern is not a regular expression in RE2 syntax (no lookaround, no backreferences): ${(err as Error).message}`;
  }
  const size = regex.programSize();
  if (size > MAX_PATTERN_PROGRAM) return `pattern is too large: it compiles to ${size} instructions, at most ${MAX_PATTERN_PROGRAM} are allowed (use smaller repetition counts)`;
  return regex;
}

/** Parses and checks a validationRule for a field of this type; never throws. */
export function parseValidationRule(raw: string, valueType: ValueType, cardinality: Cardinality): RuleResult {
  if (raw.trim() === '') return { ok: true, rule: { source: {} } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return refuse('validationRule must be a JSON object, e.g. {"pattern":"^[A-Z]+$"}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuse('validationRule must be a JSON object');
  const allowed = keysFor(valueType, cardinality);
  const entries = Object.entries(parsed as Record<string, unknown>);
  const stray = entries.find(([k]) => !allowed.includes(k));
  if (stray) {
    return refuse(allowed.length ? `validationRule key '${stray[0]}' does not apply to ${cardinality} ${valueType}; allowed: ${allowed.join(', ')}` : `validationRule takes no keys for ${cardinality} ${valueType}`);
  }
  const source = Object.fromEntries(entries) as ValidationRule;
  const rule: CompiledRule = { source };
  for (const [key, v] of entries) {
    if (key === 'pattern') {
      const regex = compilePattern(v);
      if (typeof regex === 'string') return refuse(regex);
      rule.regex = regex;
    } else if (key === 'min' || key === 'max') {
      const bound = rangeBound(valueType, key, v);
      if (typeof bound === 'string') return refuse(bound);
      rule[key] = bound;
    } else {
      if (!isCount(v)) return refuse(`${key} must be a non-negative integer`);
      rule[key as 'minLength' | 'maxLength' | 'minItems' | 'maxItems'] = v;
    }
  }
  if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) return refuse('min must not be above max');
  if (rule.minLength !== undefined && rule.maxLength !== undefined && rule.minLength > rule.maxLength) return refuse('minLength must not be above maxLength');
  if (rule.minItems !== undefined && rule.maxItems !== undefined && rule.minItems > rule.maxItems) return refuse('minItems must not be above maxItems');
  return { ok: true, rule };
}
