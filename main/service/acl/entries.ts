/** Reading and setting a container's ACL entries, and turning its inheritance on or off. */
import { describeMask, Perm, Roles, type PrincipalType } from '../../../shared/permissions.ts';
import type { AclEntry, AclEntriesSet, AclEntryInput, AclInheritanceSet, ContainerAcl } from '../../../shared/v1/access.ts';
import type { AclEntryRecord } from '../../store/async/repos/aclEntries.ts';
import type { ContainerRecord } from '../../store/async/repos/containers.ts';
import type { AreaDeps } from '../kernel.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { entriesBelow, unite } from './inheritance.ts';
import { principalName, requirePrincipal } from './principals.ts';
import { aclScope, entryKey } from './resolve.ts';

export class AclEntryService {
  constructor(private readonly deps: AreaDeps<'acl' | 'changes' | 'containers' | 'identity' | 'org'>) {}

  private get repos() {
    return this.deps.repos;
  }

  private async load(ctx: RequestContext, containerId: string): Promise<ContainerRecord> {
    return (await this.repos.containers.get(ctx.tenantId, containerId)) ?? notFound('container', containerId);
  }

  async get(ctx: RequestContext, containerId: string): Promise<ContainerAcl> {
    const c = await this.load(ctx, containerId);
    await this.deps.access.require(ctx, c.containerId, Perm.MANAGE, 'read the ACL of this container');
    return this.view(ctx, c.containerId);
  }

  /** Replaces the container's own entries. The caller may take away their own MANAGE; APP_ONLY can always set it right. */
  async set(ctx: RequestContext, input: AclEntriesSet): Promise<ContainerAcl> {
    const c = await this.load(ctx, input.containerId);
    if (c.status !== 'ACTIVE') fail('PARENT_DELETED', 'restore the container before changing its ACL');
    await this.deps.access.require(ctx, c.containerId, Perm.MANAGE, 'change the ACL of this container');
    const entries = await this.validate(ctx, c.containerId, input.entries);
    // The entries and the container's change commit together.
    await this.repos.units.transaction(async () => {
      await this.repos.acl.entries.replace(ctx.tenantId, c.containerId, entries, actorOf(ctx));
      this.recordChange(c);
    });
    return this.view(ctx, c.containerId);
  }

  /**
   * Breaking inheritance copies the entries the container inherits onto it (united with its own,
   * one entry per principal), so no one's permission changes at that moment. Turning inheritance
   * back on keeps the container's own entries.
   */
  async setInheritance(ctx: RequestContext, input: AclInheritanceSet): Promise<ContainerAcl> {
    const c = await this.load(ctx, input.containerId);
    if (c.status !== 'ACTIVE') fail('PARENT_DELETED', 'restore the container before changing its ACL');
    await this.deps.access.require(ctx, c.containerId, Perm.MANAGE, 'change the ACL inheritance of this container');
    if (c.systemKind === 'ROOT' && input.aclInheritEnabled) fail('SYSTEM_CONTAINER', 'the system root has nothing to inherit');
    if (c.aclInheritEnabled !== input.aclInheritEnabled) {
      await this.repos.units.transaction(async () => {
        if (!input.aclInheritEnabled) {
          const own = await this.repos.acl.entries.forContainers(ctx.tenantId, [c.containerId]);
          const taken = await entriesBelow(this.repos, ctx.tenantId, c.parentId);
          await this.repos.acl.entries.replace(ctx.tenantId, c.containerId, unite(c.containerId, own, taken), actorOf(ctx));
        }
        const updated = await this.repos.containers.update(ctx.tenantId, c.containerId, { aclInheritEnabled: input.aclInheritEnabled }, actorOf(ctx));
        this.recordChange(updated);
      });
    }
    return this.view(ctx, c.containerId);
  }

  private async validate(ctx: RequestContext, containerId: string, input: readonly AclEntryInput[]): Promise<AclEntryRecord[]> {
    const seen = new Set<string>();
    const entries: AclEntryRecord[] = [];
    for (const [i, e] of input.entries()) {
      const field = `entries.${i}`;
      const principalId = await requirePrincipal(this.repos, ctx.tenantId, e.principalType, e.principalId, `${field}.principalId`);
      const key = entryKey({ principalType: e.principalType, principalId });
      if (seen.has(key)) fail('VALIDATION', `${field}: ${key} appears twice; give one entry per principal`, { field });
      seen.add(key);
      const allowMask = (e.role ? Roles[e.role] : 0) | (e.allowMask ?? 0);
      const denyMask = e.denyMask ?? 0;
      if (allowMask === 0 && denyMask === 0) fail('VALIDATION', `${field}: an entry must allow or deny something`, { field });
      entries.push({ containerId, principalType: e.principalType, principalId, role: e.role ?? '', allowMask, denyMask });
    }
    return entries;
  }

  private async view(ctx: RequestContext, containerId: string): Promise<ContainerAcl> {
    // One read: the container's inheritance flag and its entries as of one commit.
    const { c, own, inherited } = await this.repos.units.read(async (tx) => {
      const c = (await tx.containers.get(ctx.tenantId, containerId)) ?? notFound('container', containerId);
      const above = c.aclInheritEnabled ? aclScope((await tx.acl.scope.ancestry(ctx.tenantId, c.containerId)).slice(1)) : [];
      return {
        c,
        own: await tx.acl.entries.forContainers(ctx.tenantId, [c.containerId]),
        inherited: await tx.acl.entries.forContainers(ctx.tenantId, above.map((n) => n.containerId)),
      };
    });
    return {
      containerId: c.containerId,
      aclInheritEnabled: c.aclInheritEnabled,
      entries: await Promise.all(own.map((e) => this.entryView(ctx, e, false))),
      inheritedEntries: await Promise.all(inherited.map((e) => this.entryView(ctx, e, true))),
      effectivePermissions: describeMask(await this.deps.access.maskOn(ctx, c.containerId)),
    };
  }

  private async entryView(ctx: RequestContext, e: AclEntryRecord, inherited: boolean): Promise<AclEntry> {
    return {
      principalType: e.principalType,
      principalId: e.principalId,
      principalName: await principalName(this.repos, ctx.tenantId, e.principalType as PrincipalType, e.principalId),
      role: e.role,
      allowMask: e.allowMask,
      denyMask: e.denyMask,
      inherited,
      sourceContainerId: e.containerId,
    };
  }

  /** An ACL change can make a container visible or invisible to someone: sync clients see it as an update. */
  private recordChange(c: ContainerRecord): void {
    this.repos.changes.record({ tenantId: c.tenantId, op: 'update', kind: 'container', id: c.containerId, parentId: c.parentId ?? '', name: c.name, deleted: c.status !== 'ACTIVE' });
  }
}
