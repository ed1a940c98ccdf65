/**
 * What the engine reads in a pair's state (the tagged union PairCondition of ./model.ts: whether
 * it syncs, and if not, why). Only the pair's owner (./owner.ts) changes it.
 */
import { missingCaseError } from '../../shared/missingCaseError.ts';
import type { Guard, PairCondition } from './model.ts';

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
