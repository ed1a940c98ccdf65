/**
 * A pair's state in its row: two columns (state_kind, state_message: sync migration 0004) for the
 * tagged union of main/sync/model.ts.
 */
import { missingCaseError } from '../../../shared/missingCaseError.ts';
import type { ConditionKind, PairCondition } from '../../sync/model.ts';

const KINDS: ReadonlySet<string> = new Set<ConditionKind>(['active', 'paused', 'deletes-confirmed', 'mass-delete', 'root-missing', 'remote-root-missing']);

/** The condition a row holds. The column's CHECK admits only these kinds; a value outside them is a corrupt row. */
export function conditionOf(kind: string, message: string): PairCondition {
  if (!KINDS.has(kind)) throw new Error(`unknown pair state ${JSON.stringify(kind)}`);
  const k = kind as ConditionKind;
  switch (k) {
    case 'active':
    case 'paused':
    case 'deletes-confirmed':
      return { kind: k };
    case 'mass-delete':
    case 'root-missing':
    case 'remote-root-missing':
      return { kind: k, message };
    default:
      throw missingCaseError(k);
  }
}

/** The columns (state_kind, state_message) a condition is stored in. */
export function columnsOf(c: PairCondition): [ConditionKind, string] {
  return [c.kind, 'message' in c ? c.message : ''];
}
