/**
 * A pair's state: whether it syncs, and if not, why. One tagged union, stored in two columns of
 * the pairs table (state_kind, state_message: sync migration 0004). Only the pair's owner
 * (./owner.ts) changes it.
 */
import { missingCaseError } from '../../shared/missingCaseError.ts';

/** A stop the engine made itself: it waits for the folder to come back, or for a confirmation. */
export type Guard =
  | { kind: 'mass-delete'; message: string }
  | { kind: 'root-missing'; message: string }
  | { kind: 'remote-root-missing'; message: string };

export type PairCondition =
  | { kind: 'active' }
  | { kind: 'paused' }
  /** The user confirmed the deletes a guard stopped: they go ahead until the pair is next in sync. */
  | { kind: 'deletes-confirmed' }
  | Guard;

export type ConditionKind = PairCondition['kind'];

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

export function isGuard(c: PairCondition): c is Guard {
  return 'message' in c;
}

/**
 * The state as `folio pair list` and the local server's status have always shown it: ACTIVE,
 * PAUSED or GUARD, with a sentence.
 */
export function describeCondition(c: PairCondition): { state: 'ACTIVE' | 'PAUSED' | 'GUARD'; reason: string } {
  switch (c.kind) {
    case 'active':
      return { state: 'ACTIVE', reason: '' };
    case 'deletes-confirmed':
      return { state: 'ACTIVE', reason: 'deletes confirmed' };
    case 'paused':
      return { state: 'PAUSED', reason: 'paused by the user' };
    case 'mass-delete':
    case 'root-missing':
    case 'remote-root-missing':
      return { state: 'GUARD', reason: c.message };
    default:
      throw missingCaseError(c);
  }
}
