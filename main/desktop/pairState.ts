/**
 * What a pair's badge says once its loop's own state is known: a pair in sync but for items left
 * out or conflicted copies needs attention, not "Up to date". The summary of every pair
 * (DesktopCore's overall state) is made from these states and nothing else, so the two can
 * never disagree.
 */
import type { PairState } from '../../shared/desktop/api.ts';

export interface PairProblems {
  leftOut: number;
  conflicts: number;
}

export function shownState([state, reason]: [PairState, string], problems: PairProblems): [PairState, string] {
  if (state !== 'IDLE') return [state, reason];
  const said = [problems.leftOut > 0 ? `${problems.leftOut} not synced` : '', problems.conflicts > 0 ? `${problems.conflicts} conflicted` : ''].filter(Boolean);
  return said.length > 0 ? ['ATTENTION', said.join(', ')] : [state, reason];
}
