/**
 * The rules of permission resolution, as pure functions (docs/access-control.md):
 * contributions are unions of allow bits and of deny bits, and deny beats allow. ACL entries
 * inherit down the tree until a node that does not inherit; breaking inheritance copies what
 * was inherited onto the node, so nobody's permission changes at that moment.
 */
import { clampMask, principalKey, type PrincipalType } from '../../../shared/permissions.ts';

export interface Grant {
  allow: number;
  deny: number;
}

export const NO_GRANT: Grant = Object.freeze({ allow: 0, deny: 0 });

export function addGrant(a: Grant, b: Grant): Grant {
  return { allow: a.allow | b.allow, deny: a.deny | b.deny };
}

/** The permission a grant leaves: what is allowed and not denied. */
export function maskOf(g: Grant): number {
  return clampMask(g.allow & ~g.deny);
}

export interface EntryLike {
  principalType: PrincipalType;
  principalId: string;
  allowMask: number;
  denyMask: number;
}

export function entryKey(e: Pick<EntryLike, 'principalType' | 'principalId'>): string {
  return principalKey(e.principalType, e.principalId);
}

/** What the entries that name one of `principals` grant together. */
export function entriesGrant(entries: Iterable<EntryLike>, principals: ReadonlySet<string>): Grant {
  let allow = 0;
  let deny = 0;
  for (const e of entries) {
    if (!principals.has(entryKey(e))) continue;
    allow |= e.allowMask;
    deny |= e.denyMask;
  }
  return { allow, deny };
}

/**
 * The nodes whose ACL entries apply to the first node of `ancestry` (the node, then its parent,
 * and so on): the node and its ancestors up to and including the first that does not inherit.
 */
export function aclScope<N extends { aclInheritEnabled: boolean }>(ancestry: readonly N[]): N[] {
  const scope: N[] = [];
  for (const node of ancestry) {
    scope.push(node);
    if (!node.aclInheritEnabled) break;
  }
  return scope;
}

/**
 * One entry per principal, its masks the union of that principal's entries: what a node holds
 * after taking over the entries it inherited. `label` names the merged entry (a role, say).
 */
export function mergeEntries<E extends EntryLike>(entries: readonly E[], label: (merged: EntryLike, parts: readonly E[]) => E): E[] {
  const groups = new Map<string, E[]>();
  for (const e of entries) {
    const key = entryKey(e);
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  return [...groups.values()].map((parts) => {
    const first = parts[0] as E;
    if (parts.length === 1) return first;
    const merged: EntryLike = {
      principalType: first.principalType,
      principalId: first.principalId,
      allowMask: parts.reduce((m, p) => m | p.allowMask, 0),
      denyMask: parts.reduce((m, p) => m | p.denyMask, 0),
    };
    return label(merged, parts);
  });
}
