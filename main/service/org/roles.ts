/**
 * Business roles (spec 4.17, §2 Role). roleKey is unique per tenant (191003). memberCount is
 * counted from the members that exist whenever a role is read, so it cannot drift. Deleting a
 * role drops its memberships and ACL entries and policy grantee rows naming it, and revokes
 * share grants to it.
 */
import type { Member, Role, RoleMembersBody, RolePageRequest, RoleSave, RoleUpdate } from '../../../shared/v1/org.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { ROLE_ORDER_COLUMNS, type RoleRecord } from '../../store/async/repos/roles.ts';
import { forgetPrincipal } from '../acl/principals.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { pageWindow, type PageInput } from '../paging.ts';
import { tenantUsers } from './members.ts';
import { orgName } from './names.ts';

const ROLE_KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export class RoleService {
  constructor(private readonly deps: AreaDeps<'acl' | 'identity' | 'org'>) {}

  private get repos() {
    return this.deps.repos;
  }

  private async load(ctx: RequestContext, roleId: string): Promise<RoleRecord> {
    return (await this.repos.org.roles.get(ctx.tenantId, roleId)) ?? notFound('role', roleId);
  }

  async save(ctx: RequestContext, input: RoleSave): Promise<Role> {
    await this.deps.access.requireAdministrator(ctx, 'creating a role');
    const name = orgName(input.name, 'name');
    const roleKey = validKey(input.roleKey);
    const created = await this.repos.units.transaction(async () => {
      await this.assertKeyFree(ctx, roleKey);
      return this.repos.org.roles.create({ tenantId: ctx.tenantId, name, roleKey, description: input.description ?? '', properties: input.properties ?? {} });
    });
    return this.view(ctx, created);
  }

  async update(ctx: RequestContext, input: RoleUpdate): Promise<Role> {
    await this.deps.access.requireAdministrator(ctx, 'changing a role');
    const current = await this.load(ctx, input.roleId);
    const roleKey = input.roleKey === undefined ? current.roleKey : validKey(input.roleKey);
    const updated = await this.repos.units.transaction(async () => {
      if (roleKey !== current.roleKey) await this.assertKeyFree(ctx, roleKey);
      return this.repos.org.roles.update(ctx.tenantId, current.roleId, {
        roleKey,
        ...(input.name !== undefined ? { name: orgName(input.name, 'name') } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.properties !== undefined ? { properties: input.properties } : {}),
      });
    });
    return this.view(ctx, updated);
  }

  async get(ctx: RequestContext, roleId: string): Promise<Role> {
    return this.view(ctx, await this.load(ctx, roleId));
  }

  async page(ctx: RequestContext, input: RolePageRequest): Promise<PageOf<Role>> {
    const w = pageWindow(input, Object.keys(ROLE_ORDER_COLUMNS) as (keyof typeof ROLE_ORDER_COLUMNS)[], 'name');
    const filter = { ...(input.name ? { name: input.name } : {}), ...(input.roleKey ? { roleKey: input.roleKey } : {}) };
    const { total, rows, counts } = await this.repos.units.read(async (tx) => ({
      ...(await tx.org.roles.page(ctx.tenantId, filter, w.order, w.limit, w.offset)),
      counts: await tx.org.roles.members.counts(ctx.tenantId),
    }));
    return { totalElements: total, content: rows.map((r) => record(r, counts.get(r.roleId) ?? 0)) };
  }

  async delete(ctx: RequestContext, roleId: string): Promise<{ roleId: string }> {
    await this.deps.access.requireAdministrator(ctx, 'deleting a role');
    const current = await this.load(ctx, roleId);
    await this.repos.units.transaction(async () => {
      await forgetPrincipal(this.repos, ctx.tenantId, 'ROLE', current.roleId);
      await this.repos.org.roles.delete(ctx.tenantId, current.roleId);
    });
    return { roleId: current.roleId };
  }

  /** Adding a member twice is harmless. */
  async addMembers(ctx: RequestContext, input: RoleMembersBody): Promise<Role> {
    await this.deps.access.requireAdministrator(ctx, 'changing role members');
    const role = await this.load(ctx, input.roleId);
    const users = await tenantUsers(this.repos, ctx.tenantId, input.userIds);
    await this.repos.units.transaction(() => this.repos.org.roles.members.add(ctx.tenantId, role.roleId, users));
    return this.view(ctx, role);
  }

  /** Removing a user who is not a member is harmless. */
  async removeMembers(ctx: RequestContext, input: RoleMembersBody): Promise<Role> {
    await this.deps.access.requireAdministrator(ctx, 'changing role members');
    const role = await this.load(ctx, input.roleId);
    const users = await tenantUsers(this.repos, ctx.tenantId, input.userIds);
    await this.repos.units.transaction(() => this.repos.org.roles.members.remove(ctx.tenantId, role.roleId, users));
    return this.view(ctx, role);
  }

  async members(ctx: RequestContext, input: PageInput & { roleId: string }): Promise<PageOf<Member>> {
    const role = await this.load(ctx, input.roleId);
    const w = pageWindow(input, ['userName'], 'userName');
    const { total, rows } = await this.repos.units.read((tx) => tx.org.roles.members.page(ctx.tenantId, role.roleId, w.limit, w.offset));
    return { totalElements: total, content: rows };
  }

  private async assertKeyFree(ctx: RequestContext, roleKey: string): Promise<void> {
    if (await this.repos.org.roles.findByKey(ctx.tenantId, roleKey)) fail('ROLE_KEY_TAKEN', `roleKey '${roleKey}' is already used in this tenant`, { field: 'roleKey' });
  }

  private async view(ctx: RequestContext, r: RoleRecord): Promise<Role> {
    const fresh = await this.load(ctx, r.roleId);
    return record(fresh, await this.repos.org.roles.members.count(ctx.tenantId, fresh.roleId));
  }
}

function validKey(raw: string): string {
  if (!ROLE_KEY.test(raw)) fail('VALIDATION', 'roleKey is 1 to 128 letters, digits, dots, colons, underscores or hyphens, starting with a letter or digit', { field: 'roleKey' });
  return raw;
}

function record(r: RoleRecord, memberCount: number): Role {
  return {
    roleId: r.roleId,
    tenantId: r.tenantId,
    source: r.source,
    name: r.name,
    roleKey: r.roleKey,
    description: r.description,
    memberCount,
    createTime: r.createTime,
    updateTime: r.updateTime,
    properties: r.properties,
  };
}
