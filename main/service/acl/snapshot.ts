/**
 * One caller's permissions, read from the store on demand and remembered for the life of the
 * snapshot: take one per operation (a listing, a check), never keep one across requests.
 *
 * A container's grant: its ACL entries and those it inherits (aclScope), plus live share grants
 * on it or on any container above it (a share reaches the whole subtree, whatever inheritance
 * says, until it expires or is revoked), plus the policies that match it. A document's grant:
 * its container's, plus share grants on the document and policies that match the document.
 * Deny bits from any of these beat allow bits from any other.
 */
import { ALL_PERMISSIONS } from '../../../shared/permissions.ts';
import type { Repos } from '../../store/repositories.ts';
import type { ContainerRecord } from '../../store/repos/containers.ts';
import type { ContainerFact, DocumentFact } from '../../store/repos/accessScope.ts';
import type { RequestContext } from '../context.ts';
import { matchesContainer, matchesDocument } from './policyMatch.ts';
import { aclScope, addGrant, entriesGrant, maskOf, type Grant } from './resolve.ts';
import { loadSubject, type Subject } from './subject.ts';

export class AccessSnapshot {
  private subjectMemo: Subject | undefined;
  private readonly ancestries = new Map<string, ContainerFact[]>();
  private readonly grants = new Map<string, Grant | null>();
  private readonly containers = new Map<string, ContainerRecord | undefined>();

  constructor(
    private readonly repos: Repos<'acl' | 'containers' | 'org'>,
    readonly ctx: RequestContext,
  ) {}

  /** APP_ONLY acts as the tenant's application, with every bit on the tenant's own tree. */
  get seesEverything(): boolean {
    return this.ctx.userId === null;
  }

  get subject(): Subject {
    this.subjectMemo ??= loadSubject(this.repos, this.ctx.tenantId, this.ctx.userId ?? '');
    return this.subjectMemo;
  }

  /** The container, then its ancestors; empty when it is not a container of the caller's tenant. */
  ancestry(containerId: string): ContainerFact[] {
    let chain = this.ancestries.get(containerId);
    if (!chain) {
      chain = this.repos.acl.scope.ancestry(this.ctx.tenantId, containerId);
      this.ancestries.set(containerId, chain);
    }
    return chain;
  }

  /** A container of the caller's tenant as stored, read once a snapshot: a request's check and its view share the read. */
  container(containerId: string): ContainerRecord | undefined {
    if (this.containers.has(containerId)) return this.containers.get(containerId);
    const record = this.repos.containers.get(this.ctx.tenantId, containerId);
    this.containers.set(containerId, record);
    return record;
  }

  /** The mask on a container; for a container that no longer exists, the mask on `fallbackContainerId`. */
  containerMask(containerId: string, fallbackContainerId?: string): number {
    if (this.seesEverything) {
      if (this.container(containerId)) return ALL_PERMISSIONS;
    } else {
      const g = this.containerGrant(containerId);
      if (g) return maskOf(g);
    }
    return fallbackContainerId ? this.containerMask(fallbackContainerId) : 0;
  }

  /** The mask on a document; for a document that no longer exists, the mask on `fallbackContainerId`. */
  documentMask(docId: string, fallbackContainerId?: string): number {
    const doc = this.repos.acl.scope.document(this.ctx.tenantId, docId);
    if (!doc) return fallbackContainerId ? this.containerMask(fallbackContainerId) : 0;
    return this.maskOfDocument(doc);
  }

  maskOfDocument(doc: DocumentFact): number {
    if (this.seesEverything) return this.containerMask(doc.containerId);
    const inherited = this.containerGrant(doc.containerId);
    if (!inherited) return 0;
    const s = this.subject;
    let g = addGrant(inherited, { allow: s.shares.get(`DOCUMENT:${doc.docId}`) ?? 0, deny: 0 });
    const containerTypeId = this.ancestry(doc.containerId)[0]?.containerTypeId ?? '';
    for (const p of s.policies) if (matchesDocument(p, doc, containerTypeId)) g = addGrant(g, p.grant);
    return maskOf(g);
  }

  private containerGrant(containerId: string): Grant | undefined {
    const known = this.grants.get(containerId);
    if (known !== undefined) return known ?? undefined;
    const chain = this.ancestry(containerId);
    const node = chain[0];
    if (!node) {
      this.grants.set(containerId, null);
      return undefined;
    }
    const s = this.subject;
    const scopeIds = aclScope(chain).map((n) => n.containerId);
    let g = entriesGrant(this.repos.acl.entries.forContainers(this.ctx.tenantId, scopeIds), s.principals);
    for (const n of chain) g = addGrant(g, { allow: s.shares.get(`CONTAINER:${n.containerId}`) ?? 0, deny: 0 });
    for (const p of s.policies) if (matchesContainer(p, node)) g = addGrant(g, p.grant);
    this.grants.set(containerId, g);
    return g;
  }
}
