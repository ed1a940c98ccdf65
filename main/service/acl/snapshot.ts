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
import type { ContainerRecord } from '../../store/async/repos/containers.ts';
import type { ContainerFact, DocumentFact } from '../../store/async/repos/accessScope.ts';
import type { RequestContext } from '../context.ts';
import { matchesContainer, matchesDocument } from './policyMatch.ts';
import { aclScope, addGrant, entriesGrant, maskOf, type Grant } from './resolve.ts';
import { loadSubject, type Subject } from './subject.ts';

export class AccessSnapshot {
  private subjectMemo: Promise<Subject> | undefined;
  private readonly ancestries = new Map<string, Promise<ContainerFact[]>>();
  private readonly grants = new Map<string, Promise<Grant | undefined>>();
  private readonly containers = new Map<string, Promise<ContainerRecord | undefined>>();

  constructor(
    private readonly repos: Repos<'acl' | 'containers' | 'org'>,
    readonly ctx: RequestContext,
  ) {}

  /** APP_ONLY acts as the tenant's application, with every bit on the tenant's own tree. */
  get seesEverything(): boolean {
    return this.ctx.userId === null;
  }

  subject(): Promise<Subject> {
    this.subjectMemo ??= loadSubject(this.repos, this.ctx.tenantId, this.ctx.userId ?? '');
    return this.subjectMemo;
  }

  /** The container, then its ancestors; empty when it is not a container of the caller's tenant. */
  ancestry(containerId: string): Promise<ContainerFact[]> {
    let chain = this.ancestries.get(containerId);
    if (!chain) {
      chain = this.repos.acl.scope.ancestry(this.ctx.tenantId, containerId);
      this.ancestries.set(containerId, chain);
    }
    return chain;
  }

  /** A container of the caller's tenant as stored, read once a snapshot: a request's check and its view share the read. */
  container(containerId: string): Promise<ContainerRecord | undefined> {
    let record = this.containers.get(containerId);
    if (!record) {
      record = this.repos.containers.get(this.ctx.tenantId, containerId);
      this.containers.set(containerId, record);
    }
    return record;
  }

  /** The mask on a container; for a container that no longer exists, the mask on `fallbackContainerId`. */
  async containerMask(containerId: string, fallbackContainerId?: string): Promise<number> {
    if (this.seesEverything) {
      if (await this.container(containerId)) return ALL_PERMISSIONS;
    } else {
      const g = await this.containerGrant(containerId);
      if (g) return maskOf(g);
    }
    return fallbackContainerId ? this.containerMask(fallbackContainerId) : 0;
  }

  /** The mask on a document; for a document that no longer exists, the mask on `fallbackContainerId`. */
  async documentMask(docId: string, fallbackContainerId?: string): Promise<number> {
    const doc = await this.repos.acl.scope.document(this.ctx.tenantId, docId);
    if (!doc) return fallbackContainerId ? this.containerMask(fallbackContainerId) : 0;
    return this.maskOfDocument(doc);
  }

  async maskOfDocument(doc: DocumentFact): Promise<number> {
    if (this.seesEverything) return this.containerMask(doc.containerId);
    const inherited = await this.containerGrant(doc.containerId);
    if (!inherited) return 0;
    const s = await this.subject();
    let g = addGrant(inherited, { allow: s.shares.get(`DOCUMENT:${doc.docId}`) ?? 0, deny: 0 });
    const containerTypeId = (await this.ancestry(doc.containerId))[0]?.containerTypeId ?? '';
    for (const p of s.policies) if (matchesDocument(p, doc, containerTypeId)) g = addGrant(g, p.grant);
    return maskOf(g);
  }

  private containerGrant(containerId: string): Promise<Grant | undefined> {
    let grant = this.grants.get(containerId);
    if (!grant) {
      grant = this.resolveContainer(containerId);
      this.grants.set(containerId, grant);
    }
    return grant;
  }

  private async resolveContainer(containerId: string): Promise<Grant | undefined> {
    const chain = await this.ancestry(containerId);
    const node = chain[0];
    if (!node) return undefined;
    const s = await this.subject();
    const scopeIds = aclScope(chain).map((n) => n.containerId);
    let g = entriesGrant(await this.repos.acl.entries.forContainers(this.ctx.tenantId, scopeIds), s.principals);
    for (const n of chain) g = addGrant(g, { allow: s.shares.get(`CONTAINER:${n.containerId}`) ?? 0, deny: 0 });
    for (const p of s.policies) if (matchesContainer(p, node)) g = addGrant(g, p.grant);
    return g;
  }
}
