/**
 * A user as permission resolution sees them: their principals (the user, their departments and
 * every department above those, their roles, and EVERYONE), what live share grants give them,
 * and the enabled ACL policies that name one of their principals.
 */
import { principalKey, SharePresets, type PrincipalType, type SharePreset } from '../../../shared/permissions.ts';
import type { Repos } from '../../store/repositories.ts';
import { compilePolicy, type CompiledPolicy } from './policyMatch.ts';

export interface Subject {
  principals: ReadonlySet<string>;
  principalPairs: readonly (readonly [PrincipalType, string])[];
  /** Allow bits from live share grants, by `CONTAINER:id` or `DOCUMENT:id`. */
  shares: ReadonlyMap<string, number>;
  policies: readonly CompiledPolicy[];
}

export async function principalPairsOf(repos: Repos<'acl' | 'org'>, tenantId: string, userId: string): Promise<[PrincipalType, string][]> {
  return [
    ['USER', userId],
    ['EVERYONE', ''],
    ...(await repos.org.departments.ofUserWithAncestors(tenantId, userId)).map((d): [PrincipalType, string] => ['DEPARTMENT', d]),
    ...(await repos.org.roles.members.groupsOf(tenantId, userId)).map((r): [PrincipalType, string] => ['ROLE', r]),
  ];
}

export async function loadSubject(repos: Repos<'acl' | 'org'>, tenantId: string, userId: string): Promise<Subject> {
  const pairs = await principalPairsOf(repos, tenantId, userId);
  const shares = new Map<string, number>();
  for (const s of await repos.acl.shares.activeFor(tenantId, pairs)) {
    const key = `${s.resourceType}:${s.resourceId}`;
    shares.set(key, (shares.get(key) ?? 0) | (SharePresets[s.permissionPreset as SharePreset] ?? 0));
  }
  const policies = (await repos.acl.policies.enabledFor(tenantId, pairs.map(([granteeType, granteeId]) => ({ granteeType, granteeId })))).map(compilePolicy);
  return { principals: new Set(pairs.map(([t, id]) => principalKey(t, id))), principalPairs: pairs, shares, policies };
}
