/**
 * ACL policy conditions over metadataColumns (spec §2 AclPolicy.matchConditions). Operators:
 * eq and ne compare whole values; in and nin test membership in a list (a multi-valued field
 * matches `in` when any of its values is listed); contains finds a substring in a text value or
 * an element in a list; exists holds when the key has a value other than null.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ConditionOperator } from '../../../shared/v1/access.ts';

export interface Condition {
  key: string;
  operator: ConditionOperator;
  value: unknown;
}

/** Why a condition is malformed, or undefined when it is fine. */
export function conditionProblem(c: { key: string; operator: string; value?: unknown }): string | undefined {
  if (!c.key.trim()) return 'key must not be empty';
  switch (c.operator) {
    case 'in':
    case 'nin':
      return Array.isArray(c.value) ? undefined : `${c.operator} needs a list as its value`;
    case 'contains':
      return c.value === undefined || c.value === null || typeof c.value === 'object' ? 'contains needs a text, number or boolean value' : undefined;
    case 'eq':
    case 'ne':
      return c.value === undefined ? `${c.operator} needs a value` : undefined;
    case 'exists':
      return undefined;
    default:
      return `unknown operator ${c.operator}`;
  }
}

function listed(list: readonly unknown[], v: unknown): boolean {
  return list.some((item) => isDeepStrictEqual(item, v));
}

export function conditionHolds(c: Condition, metadata: Readonly<Record<string, unknown>>): boolean {
  const present = Object.hasOwn(metadata, c.key);
  const v = present ? metadata[c.key] : undefined;
  switch (c.operator) {
    case 'eq':
      return present && isDeepStrictEqual(v, c.value);
    case 'ne':
      return !(present && isDeepStrictEqual(v, c.value));
    case 'in':
    case 'nin': {
      const list = Array.isArray(c.value) ? c.value : [];
      const hit = present && (Array.isArray(v) ? v.some((x) => listed(list, x)) : listed(list, v));
      return c.operator === 'in' ? hit : !hit;
    }
    case 'contains':
      if (typeof v === 'string') return v.includes(String(c.value));
      return Array.isArray(v) && listed(v, c.value);
    case 'exists':
      return v !== undefined && v !== null;
  }
}

/** Every condition holds (so no conditions always hold). */
export function conditionsHold(conditions: readonly Condition[], metadata: Readonly<Record<string, unknown>>): boolean {
  return conditions.every((c) => conditionHolds(c, metadata));
}
