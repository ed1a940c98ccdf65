/**
 * Permission checks. Every endpoint asks here before it reads or writes a node; the rules are
 * in ./acl (resolve.ts, snapshot.ts) and docs/access-control.md.
 *
 * APP_ONLY acts as the tenant's application and holds every bit on the tenant's own tree. Users
 * hold what ACL entries, ACL policies and share grants give their principals. Other tenants'
 * nodes never resolve: every lookup is by tenant, so they get no bits at all.
 */
import { Perm, Roles, type PrincipalType } from '../../shared/permissions.ts';
import type { Repos } from '../store/repositories.ts';
import type { DocumentFact } from '../store/async/repos/accessScope.ts';
import { entriesBelow, unite } from './acl/inheritance.ts';
import { AccessSnapshot } from './acl/snapshot.ts';
import { actorOf, type RequestContext } from './context.ts';
import { fail } from './errors.ts';

export class Access {
  constructor(private readonly repos: Repos<'acl' | 'containers' | 'org'>) {}

  /** A fresh view of the caller's permissions, for one operation. */
  snapshot(ctx: RequestContext): AccessSnapshot {
    return new AccessSnapshot(this.repos, ctx);
  }

  /**
   * The permission mask the caller holds on a container (and, short of document grants, on the
   * documents inside it). For a container purged since, the mask on `fallbackContainerId`.
   */
  maskOn(ctx: RequestContext, containerId: string, fallbackContainerId?: string): Promise<number> {
    return this.snapshot(ctx).containerMask(containerId, fallbackContainerId);
  }

  async require(ctx: RequestContext, containerId: string, bits: number, action: string): Promise<void> {
    if (((await this.maskOn(ctx, containerId)) & bits) !== bits) fail('FORBIDDEN', `permission denied: ${action}`, { containerId });
  }

  /** The mask on a document: its container's, plus share grants and policies on the document itself. */
  maskOnDocument(ctx: RequestContext, docId: string, fallbackContainerId?: string): Promise<number> {
    return this.snapshot(ctx).documentMask(docId, fallbackContainerId);
  }

  async requireOnDocument(ctx: RequestContext, docId: string, bits: number, action: string): Promise<void> {
    if (((await this.maskOnDocument(ctx, docId)) & bits) !== bits) fail('FORBIDDEN', `permission denied: ${action}`, { docId });
  }

  /**
   * requireOnDocument for a document the caller has just read: a read of a document costs as much
   * as the check itself. Returns the snapshot it checked with, whose container reads the answer can reuse.
   */
  async requireOnLoaded(ctx: RequestContext, doc: DocumentFact, bits: number, action: string): Promise<AccessSnapshot> {
    const snapshot = this.snapshot(ctx);
    if (((await snapshot.maskOfDocument(doc)) & bits) !== bits) fail('FORBIDDEN', `permission denied: ${action}`, { docId: doc.docId });
    return snapshot;
  }

  /**
   * The mask on where an upload lands: its document, or the container a new document goes to (the
   * tenant's default container when none is named); 0 when that does not exist.
   */
  async maskOnUploadTarget(ctx: RequestContext, target: { docId?: string; containerId?: string }): Promise<number> {
    if (target.docId) return this.maskOnDocument(ctx, target.docId);
    const containerId = target.containerId || (await this.repos.containers.findSystem(ctx.tenantId, 'DEFAULT'))?.containerId;
    return containerId ? this.maskOn(ctx, containerId) : 0;
  }

  /**
   * Administrators manage the organisation and ACL policies: the application itself (APP_ONLY),
   * and users who hold MANAGE on the tenant's system root.
   */
  async isAdministrator(ctx: RequestContext): Promise<boolean> {
    if (ctx.userId === null) return true;
    const root = await this.repos.containers.findSystem(ctx.tenantId, 'ROOT');
    return root !== undefined && ((await this.maskOn(ctx, root.containerId)) & Perm.MANAGE) !== 0;
  }

  async requireAdministrator(ctx: RequestContext, action: string): Promise<void> {
    if (!(await this.isAdministrator(ctx))) fail('FORBIDDEN', `permission denied: ${action} needs MANAGE on the system root`);
  }

  /**
   * Call inside the unit of work that creates a container (its reads and writes are then one
   * transaction). A user who creates a container becomes its MANAGER; a container created without
   * inheritance starts with the entries it would have inherited, exactly as if inheritance had been
   * broken right after creation.
   */
  async onContainerCreated(ctx: RequestContext, c: { containerId: string; parentId: string | null; aclInheritEnabled: boolean }): Promise<void> {
    const taken = c.aclInheritEnabled ? [] : await entriesBelow(this.repos, ctx.tenantId, c.parentId);
    const creator = ctx.userId
      ? [{ containerId: c.containerId, principalType: 'USER' as PrincipalType, principalId: ctx.userId, role: 'MANAGER', allowMask: Roles.MANAGER, denyMask: 0 }]
      : [];
    if (taken.length === 0 && creator.length === 0) return;
    await this.repos.acl.entries.replace(ctx.tenantId, c.containerId, unite(c.containerId, creator, taken), actorOf(ctx));
  }
}
