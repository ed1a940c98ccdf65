/**
 * Which resources an ACL policy matches (spec 4.4). matchResourceType CONTAINER matches
 * containers, DOCUMENT documents, ALL both. matchContainerTypeIds, when not empty, lists content
 * type ids: a container matches when its type is listed, a document when its own type or its
 * container's type is. Every condition must hold on the resource's metadataColumns.
 */
import type { MatchResourceType } from '../../../shared/v1/access.ts';
import type { AclPolicyRecord } from '../../store/async/repos/aclPolicies.ts';
import type { ContainerFact, DocumentFact } from '../../store/async/repos/accessScope.ts';
import { conditionsHold, type Condition } from './conditions.ts';
import type { Grant } from './resolve.ts';

export interface CompiledPolicy {
  resourceType: MatchResourceType;
  typeIds: ReadonlySet<string>;
  conditions: readonly Condition[];
  grant: Grant;
}

export function compilePolicy(p: AclPolicyRecord): CompiledPolicy {
  return {
    resourceType: p.matchResourceType as MatchResourceType,
    typeIds: new Set(p.matchContainerTypeIds),
    conditions: p.matchConditions as Condition[],
    grant: { allow: p.grantPermissionMask, deny: p.grantDenyMask },
  };
}

export function matchesContainer(p: CompiledPolicy, c: Pick<ContainerFact, 'containerTypeId' | 'metadata'>): boolean {
  if (p.resourceType === 'DOCUMENT') return false;
  if (p.typeIds.size > 0 && !p.typeIds.has(c.containerTypeId)) return false;
  return conditionsHold(p.conditions, c.metadata);
}

export function matchesDocument(p: CompiledPolicy, d: Pick<DocumentFact, 'documentTypeId' | 'metadata'>, containerTypeId: string): boolean {
  if (p.resourceType === 'CONTAINER') return false;
  if (p.typeIds.size > 0 && !p.typeIds.has(d.documentTypeId) && !p.typeIds.has(containerTypeId)) return false;
  return conditionsHold(p.conditions, d.metadata);
}
