/** /v1/departments/* (spec 4.16) and /v1/roles/* (spec 4.17): the tenant's organisation. */
import Type from 'typebox';
import {
  Department,
  DepartmentCreate,
  DepartmentIdBody,
  DepartmentIdQuery,
  DepartmentMemberPageRequest,
  DepartmentMembersBody,
  DepartmentNode,
  DepartmentPageRequest,
  DepartmentUpdate,
  Member,
  Role,
  RoleIdBody,
  RoleIdQuery,
  RoleMemberPageRequest,
  RoleMembersBody,
  RolePageRequest,
  RoleSave,
  RoleUpdate,
} from '../../../shared/v1/org.ts';
import { DirectoryEntry, DirectoryPageRequest } from '../../../shared/v1/directory.ts';
import { Page } from '../../../shared/v1/resources.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';
import { searchDirectory } from './directory.ts';

const ADMIN = 'Needs an administrator: APP_ONLY, or a user with MANAGE on the system root.';
const ANYONE = 'Any caller of the tenant may read it.';

export function orgRoutes(app: FolioApp, deps: ServiceDeps, services: Services): void {
  const { departments, roles } = services;
  const d = ['departments'];
  const r = ['roles'];

  app.post('/v1/directory/getPage', {
    schema: {
      tags: ['directory'],
      summary: `Users, departments and roles of the tenant whose name contains query (literally, ASCII case ignored), for people pickers: exact names first, then names that start with it, then by name. kinds narrows the kinds. ${ANYONE}`,
      body: DirectoryPageRequest,
      response: replies(Page(DirectoryEntry)),
    },
  }, async (req) => ok(req, searchDirectory(deps, callerOf(req), req.body)));

  app.post('/v1/departments/create', {
    schema: { tags: d, summary: `Create a local department; names are unique among siblings. ${ADMIN}`, body: DepartmentCreate, response: replies(Department) },
  }, async (req) => ok(req, departments.create(callerOf(req), req.body)));

  app.post('/v1/departments/update', {
    schema: {
      tags: d,
      summary: `Update a department (spec 4.16); the fields sent change. An empty parentDeptId moves it to the top level; a parent below itself gives 191001. ${ADMIN}`,
      body: DepartmentUpdate,
      response: replies(Department),
    },
  }, async (req) => ok(req, departments.update(callerOf(req), req.body)));

  app.get('/v1/departments/get', {
    schema: { tags: d, summary: `One department, with memberCount. ${ANYONE}`, querystring: DepartmentIdQuery, response: replies(Department) },
  }, async (req) => ok(req, departments.get(callerOf(req), req.query.deptId)));

  app.post('/v1/departments/getPage', {
    schema: {
      tags: d,
      summary: `Departments as a tree: a page of the children of parentDeptId (top level when empty), or of the departments whose name contains name, each with its whole subtree in children. orderByColumn: displayOrder (default), name, createTime. ${ANYONE}`,
      body: DepartmentPageRequest,
      response: replies(Page(DepartmentNode)),
    },
  }, async (req) => ok(req, departments.page(callerOf(req), req.body)));

  app.post('/v1/departments/delete', {
    schema: { tags: d, summary: `Delete a department without sub-departments or members (else 191002). ${ADMIN}`, body: DepartmentIdBody, response: replies(Type.Object({ deptId: Type.String() })) },
  }, async (req) => ok(req, departments.delete(callerOf(req), req.body.deptId)));

  app.post('/v1/departments/addMembers', {
    schema: { tags: d, summary: `Add users to a department; existing members stay. An unknown user refuses the whole call (191004). ${ADMIN}`, body: DepartmentMembersBody, response: replies(Department) },
  }, async (req) => ok(req, departments.addMembers(callerOf(req), req.body)));

  app.post('/v1/departments/removeMembers', {
    schema: { tags: d, summary: `Remove users from a department; non-members are ignored. ${ADMIN}`, body: DepartmentMembersBody, response: replies(Department) },
  }, async (req) => ok(req, departments.removeMembers(callerOf(req), req.body)));

  app.post('/v1/departments/getMembers', {
    schema: { tags: d, summary: `A department's direct members, by name. ${ANYONE}`, body: DepartmentMemberPageRequest, response: replies(Page(Member)) },
  }, async (req) => ok(req, departments.members(callerOf(req), req.body)));

  app.post('/v1/roles/save', {
    schema: { tags: r, summary: `Create a business role (spec 4.17); roleKey is unique per tenant (else 191003). ${ADMIN}`, body: RoleSave, response: replies(Role) },
  }, async (req) => ok(req, roles.save(callerOf(req), req.body)));

  app.post('/v1/roles/update', {
    schema: { tags: r, summary: `Update a role; the fields sent change. ${ADMIN}`, body: RoleUpdate, response: replies(Role) },
  }, async (req) => ok(req, roles.update(callerOf(req), req.body)));

  app.get('/v1/roles/get', {
    schema: { tags: r, summary: `One role, with memberCount. ${ANYONE}`, querystring: RoleIdQuery, response: replies(Role) },
  }, async (req) => ok(req, roles.get(callerOf(req), req.query.roleId)));

  app.post('/v1/roles/getPage', {
    schema: { tags: r, summary: `Roles, filtered by name and roleKey (substrings). orderByColumn: name (default), roleKey, createTime, updateTime. ${ANYONE}`, body: RolePageRequest, response: replies(Page(Role)) },
  }, async (req) => ok(req, roles.page(callerOf(req), req.body)));

  app.post('/v1/roles/delete', {
    schema: { tags: r, summary: `Delete a role with its memberships. ${ADMIN}`, body: RoleIdBody, response: replies(Type.Object({ roleId: Type.String() })) },
  }, async (req) => ok(req, roles.delete(callerOf(req), req.body.roleId)));

  app.post('/v1/roles/addMembers', {
    schema: { tags: r, summary: `Add users to a role; adding a member again changes nothing. An unknown user refuses the whole call (191004). ${ADMIN}`, body: RoleMembersBody, response: replies(Role) },
  }, async (req) => ok(req, roles.addMembers(callerOf(req), req.body)));

  app.post('/v1/roles/removeMembers', {
    schema: { tags: r, summary: `Remove users from a role; non-members are ignored. ${ADMIN}`, body: RoleMembersBody, response: replies(Role) },
  }, async (req) => ok(req, roles.removeMembers(callerOf(req), req.body)));

  app.post('/v1/roles/getMembers', {
    schema: { tags: r, summary: `A role's members, by name. ${ANYONE}`, body: RoleMemberPageRequest, response: replies(Page(Member)) },
  }, async (req) => ok(req, roles.members(callerOf(req), req.body)));
}
