/**
 * Local departments (spec 4.16, §2 Department): a tree per tenant. Names are unique among
 * siblings. A department cannot move under itself or its sub-departments (191001). Deleting
 * one with sub-departments or members is refused (191002): move or remove them first, so no
 * one loses what the department gave them by accident. A deleted department's ACL entries and
 * policy grantee rows go with it, and share grants to it are revoked.
 */
import type { Department, DepartmentCreate, DepartmentMembersBody, DepartmentNode, DepartmentPageRequest, DepartmentUpdate, Member } from '../../../shared/v1/org.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import type { DepartmentRecord } from '../../store/async/repos/departments.ts';
import { forgetPrincipal } from '../acl/principals.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { pageWindow, type PageInput } from '../paging.ts';
import { tenantUsers } from './members.ts';
import { orgName } from './names.ts';

const ORDER = ['displayOrder', 'name', 'createTime'] as const;
type OrderColumn = (typeof ORDER)[number];

export class DepartmentService {
  constructor(private readonly deps: AreaDeps<'acl' | 'identity' | 'org'>) {}

  private get repos() {
    return this.deps.repos;
  }

  async load(ctx: RequestContext, deptId: string): Promise<DepartmentRecord> {
    return (await this.repos.org.departments.get(ctx.tenantId, deptId)) ?? notFound('department', deptId);
  }

  async create(ctx: RequestContext, input: DepartmentCreate): Promise<Department> {
    await this.deps.access.requireAdministrator(ctx, 'creating a department');
    const name = orgName(input.name, 'name');
    const parentDeptId = input.parentDeptId ? (await this.load(ctx, input.parentDeptId)).deptId : '';
    const leaderUserId = await this.leader(ctx, input.leaderUserId);
    const created = await this.repos.units.transaction(async () => {
      await this.assertNameFree(ctx, parentDeptId, name);
      return this.repos.org.departments.create({
        tenantId: ctx.tenantId,
        name,
        parentDeptId,
        displayOrder: input.displayOrder ?? 0,
        leaderUserId,
        properties: input.properties ?? {},
      });
    });
    return this.view(ctx, created);
  }

  /** Spec 4.16: the fields sent change. An empty parentDeptId makes the department a top-level one. */
  async update(ctx: RequestContext, input: DepartmentUpdate): Promise<Department> {
    await this.deps.access.requireAdministrator(ctx, 'changing a department');
    const current = await this.load(ctx, input.deptId);
    const name = input.name === undefined ? current.name : orgName(input.name, 'name');
    const parentDeptId = input.parentDeptId === undefined ? current.parentDeptId : await this.newParent(ctx, current, input.parentDeptId);
    const leaderUserId = input.leaderUserId === undefined ? undefined : await this.leader(ctx, input.leaderUserId);
    const updated = await this.repos.units.transaction(async () => {
      if (name !== current.name || parentDeptId !== current.parentDeptId) await this.assertNameFree(ctx, parentDeptId, name, current.deptId);
      return this.repos.org.departments.update(ctx.tenantId, current.deptId, {
        name,
        parentDeptId,
        ...(input.displayOrder !== undefined ? { displayOrder: input.displayOrder } : {}),
        ...(leaderUserId !== undefined ? { leaderUserId } : {}),
        ...(input.properties !== undefined ? { properties: input.properties } : {}),
      });
    });
    return this.view(ctx, updated);
  }

  async get(ctx: RequestContext, deptId: string): Promise<Department> {
    return this.view(ctx, await this.load(ctx, deptId));
  }

  /**
   * A page of departments, each with its whole subtree in `children`. The page runs over the
   * children of parentDeptId (the top level when it is empty) or, with a name filter, over the
   * departments anywhere whose name contains it. Siblings are ordered by orderByColumn.
   */
  async page(ctx: RequestContext, input: DepartmentPageRequest): Promise<PageOf<DepartmentNode>> {
    const w = pageWindow(input as PageInput, ORDER, 'displayOrder');
    if (input.parentDeptId) await this.load(ctx, input.parentDeptId);
    const { all, counts } = await this.repos.units.read(async (tx) => ({
      all: await tx.org.departments.all(ctx.tenantId),
      counts: await tx.org.departments.members.counts(ctx.tenantId),
    }));
    const children = new Map<string, DepartmentRecord[]>();
    for (const d of all) children.set(d.parentDeptId, [...(children.get(d.parentDeptId) ?? []), d]);
    const sort = (list: DepartmentRecord[]) => list.sort(comparator(w.order.column, w.order.asc));
    const build = (d: DepartmentRecord, path: Set<string>): DepartmentNode => {
      // A cycle cannot be written through this service; the guard keeps a hand-edited store from hanging the tree.
      const below = path.has(d.deptId) ? [] : sort([...(children.get(d.deptId) ?? [])]);
      const next = new Set(path).add(d.deptId);
      return { ...this.record(d, counts.get(d.deptId) ?? 0), children: below.map((c) => build(c, next)) };
    };
    const needle = input.name?.trim().toLowerCase();
    const top = needle ? all.filter((d) => d.name.toLowerCase().includes(needle)) : (children.get(input.parentDeptId ?? '') ?? []);
    const ordered = sort([...top]);
    return { totalElements: ordered.length, content: ordered.slice(w.offset, w.offset + w.limit).map((d) => build(d, new Set())) };
  }

  async delete(ctx: RequestContext, deptId: string): Promise<{ deptId: string }> {
    await this.deps.access.requireAdministrator(ctx, 'deleting a department');
    const current = await this.load(ctx, deptId);
    await this.repos.units.transaction(async () => {
      if (await this.repos.org.departments.hasChildren(ctx.tenantId, current.deptId)) fail('DEPARTMENT_NOT_EMPTY', 'move or delete its sub-departments first');
      if ((await this.repos.org.departments.members.count(ctx.tenantId, current.deptId)) > 0) fail('DEPARTMENT_NOT_EMPTY', 'remove its members first');
      await forgetPrincipal(this.repos, ctx.tenantId, 'DEPARTMENT', current.deptId);
      await this.repos.org.departments.delete(ctx.tenantId, current.deptId);
    });
    return { deptId: current.deptId };
  }

  async addMembers(ctx: RequestContext, input: DepartmentMembersBody): Promise<Department> {
    await this.deps.access.requireAdministrator(ctx, 'changing department members');
    const dept = await this.load(ctx, input.deptId);
    const users = await tenantUsers(this.repos, ctx.tenantId, input.userIds);
    await this.repos.units.transaction(() => this.repos.org.departments.members.add(ctx.tenantId, dept.deptId, users));
    return this.view(ctx, dept);
  }

  async removeMembers(ctx: RequestContext, input: DepartmentMembersBody): Promise<Department> {
    await this.deps.access.requireAdministrator(ctx, 'changing department members');
    const dept = await this.load(ctx, input.deptId);
    const users = await tenantUsers(this.repos, ctx.tenantId, input.userIds);
    await this.repos.units.transaction(() => this.repos.org.departments.members.remove(ctx.tenantId, dept.deptId, users));
    return this.view(ctx, dept);
  }

  async members(ctx: RequestContext, input: PageInput & { deptId: string }): Promise<PageOf<Member>> {
    const dept = await this.load(ctx, input.deptId);
    const w = pageWindow(input, ['userName'], 'userName');
    const { total, rows } = await this.repos.units.read((tx) => tx.org.departments.members.page(ctx.tenantId, dept.deptId, w.limit, w.offset));
    return { totalElements: total, content: rows };
  }

  private async newParent(ctx: RequestContext, current: DepartmentRecord, parentDeptId: string): Promise<string> {
    if (!parentDeptId) return '';
    const parent = await this.load(ctx, parentDeptId);
    if ((await this.repos.org.departments.selfAndAncestorIds(ctx.tenantId, parent.deptId)).includes(current.deptId)) {
      fail('DEPARTMENT_CYCLE', undefined, { deptId: current.deptId, parentDeptId });
    }
    return parent.deptId;
  }

  private async leader(ctx: RequestContext, userId: string | undefined): Promise<string> {
    if (!userId) return '';
    if (!(await this.repos.identity.getUser(ctx.tenantId, userId))) fail('PRINCIPAL_NOT_FOUND', `no user ${userId} in this tenant`, { field: 'leaderUserId' });
    return userId;
  }

  private async assertNameFree(ctx: RequestContext, parentDeptId: string, name: string, exceptId?: string): Promise<void> {
    if (await this.repos.org.departments.nameTaken(ctx.tenantId, parentDeptId, name, exceptId)) {
      fail('NAME_CONFLICT', `a department named '${name}' already exists there`, { field: 'name' });
    }
  }

  private async view(ctx: RequestContext, d: DepartmentRecord): Promise<Department> {
    const fresh = await this.load(ctx, d.deptId);
    return this.record(fresh, await this.repos.org.departments.members.count(ctx.tenantId, fresh.deptId));
  }

  private record(d: DepartmentRecord, memberCount: number): Department {
    return {
      deptId: d.deptId,
      tenantId: d.tenantId,
      source: d.source,
      name: d.name,
      parentDeptId: d.parentDeptId,
      leaderUserId: d.leaderUserId,
      displayOrder: d.displayOrder,
      createTime: d.createTime,
      updateTime: d.updateTime,
      properties: d.properties,
      memberCount,
    };
  }
}

function comparator(column: OrderColumn, asc: boolean): (a: DepartmentRecord, b: DepartmentRecord) => number {
  const sign = asc ? 1 : -1;
  return (a, b) => {
    const primary =
      column === 'displayOrder' ? a.displayOrder - b.displayOrder : column === 'name' ? a.name.localeCompare(b.name) : a.createTime.localeCompare(b.createTime);
    return sign * primary || a.name.localeCompare(b.name) || a.deptId.localeCompare(b.deptId);
  };
}
