/**
 * Business roles (spec 4.17, §2 Role). roleKey is unique per tenant (191003). memberCount is
 * counted from the members that exist whenever a role is read, so it cannot drift. Deleting a
 * role drops its memberships and ACL entries and policy grantee rows naming it, and revokes
 * share grants to it.
 */
import type { Member, Role, RoleMembersBody, RolePageRequest, RoleSave, RoleUpdate } from '../../../shared/v1/org.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { ROLE_ORDER_COLUMNS, type RoleRecord } from '../../store/repos/roles.ts';
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

  private load(ctx: RequestContext, roleId: string): RoleRecord {
    return this.repos.org.roles.get(ctx.tenantId, roleId) ?? notFound('role', roleId);
  }

  save(ctx: RequestContext, input: RoleSave): Role {
    this.deps.access.requireAdministrator(ctx, 'creating a role');
    const name = orgName(input.name, 'name');
    const roleKey = validKey(input.roleKey);
    const created = this.repos.transaction(() => {
      this.assertKeyFree(ctx, roleKey);
      return this.repos.org.roles.create({ tenantId: ctx.tenantId, name, roleKey, description: input.description ?? '', properties: input.properties ?? {} });
    });
    return this.view(ctx, created);
  }

  update(ctx: RequestContext, input: RoleUpdate): Role {
    this.deps.access.requireAdministrator(ctx, 'changing a role');
    const current = this.load(ctx, input.roleId);
    const roleKey = input.roleKey === undefined ? current.roleKey : validKey(input.roleKey);
    const updated = this.repos.transaction(() => {
      if (roleKey !== current.roleKey) this.assertKeyFree(ctx, roleKey);
      return this.repos.org.roles.update(ctx.tenantId, current.roleId, {
        roleKey,
        ...(input.name !== undefined ? { name: orgName(input.name, 'name') } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.properties !== undefined ? { properties: input.properties } : {}),
      });
    });
    return this.view(ctx, updated);
  }

  get(ctx: RequestContext, roleId: string): Role {
    return this.view(ctx, this.load(ctx, roleId));
  }

  page(ctx: RequestContext, input: RolePageRequest): PageOf<Role> {
    const w = pageWindow(input, Object.keys(ROLE_ORDER_COLUMNS) as (keyof typeof ROLE_ORDER_COLUMNS)[], 'name');
    const { total, rows } = this.repos.org.roles.page(
      ctx.tenantId,
      { ...(input.name ? { name: input.name } : {}), ...(input.roleKey ? { roleKey: input.roleKey } : {}) },
      w.order,
      w.limit,
      w.offset,
    );
    const counts = this.repos.org.roles.members.counts(ctx.tenantId);
    return { totalElements: total, content: rows.map((r) => record(r, counts.get(r.roleId) ?? 0)) };
  }

  delete(ctx: RequestContext, roleId: string): { roleId: string } {
    this.deps.access.requireAdministrator(ctx, 'deleting a role');
    const current = this.load(ctx, roleId);
    this.repos.transaction(() => {
      forgetPrincipal(this.repos, ctx.tenantId, 'ROLE', current.roleId);
      this.repos.org.roles.delete(ctx.tenantId, current.roleId);
    });
    return { roleId: current.roleId };
  }

  /** Adding a member twice is harmless. */
  async addMembers(ctx: RequestContext, input: RoleMembersBody): Promise<Role> {
    this.deps.access.requireAdministrator(ctx, 'changing role members');
    const role = this.load(ctx, input.roleId);
    const users = await tenantUsers(this.repos, ctx.tenantId, input.userIds);
    this.repos.transaction(() => this.repos.org.roles.members.add(ctx.tenantId, role.roleId, users));
    return this.view(ctx, role);
  }

  /** Removing a user who is not a member is harmless. */
  async removeMembers(ctx: RequestContext, input: RoleMembersBody): Promise<Role> {
    this.deps.access.requireAdministrator(ctx, 'changing role members');
    const role = this.load(ctx, input.roleId);
    const users = await tenantUsers(this.repos, ctx.tenantId, input.userIds);
    this.repos.transaction(() => this.repos.org.roles.members.remove(ctx.tenantId, role.roleId, users));
    return this.view(ctx, role);
  }

  members(ctx: RequestContext, input: PageInput & { roleId: string }): PageOf<Member> {
    const role = this.load(ctx, input.roleId);
    const w = pageWindow(input, ['userName'], 'userName');
    const { total, rows } = this.repos.org.roles.members.page(ctx.tenantId, role.roleId, w.limit, w.offset);
    return { totalElements: total, content: rows };
  }

  private assertKeyFree(ctx: RequestContext, roleKey: string): void {
    if (this.repos.org.roles.findByKey(ctx.tenantId, roleKey)) fail('ROLE_KEY_TAKEN', `roleKey '${roleKey}' is already used in this tenant`, { field: 'roleKey' });
  }

  private view(ctx: RequestContext, r: RoleRecord): Role {
    const fresh = this.load(ctx, r.roleId);
    return record(fresh, this.repos.org.roles.members.count(ctx.tenantId, fresh.roleId));
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
