/** /v1/directory/getPage, /v1/departments/* (spec 4.16) and /v1/roles/* (spec 4.17): the tenant's organisation. */
import * as Type from 'typebox/type';
import { DirectoryEntry, DirectoryPageRequest } from '../directory.ts';
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
} from '../org.ts';
import { Page } from '../resources.ts';
import { route } from './route.ts';

const ADMIN = 'Needs an administrator: APP_ONLY, or a user with MANAGE on the system root.';
const ANYONE = 'Any caller of the tenant may read it.';

export const directory = {
  getPage: route({
    method: 'POST',
    path: '/v1/directory/getPage',
    tags: ['directory'],
    summary: `Users, departments and roles of the tenant whose name contains query (literally, ASCII case ignored), for people pickers: exact names first, then names that start with it, then by name. kinds narrows the kinds. ${ANYONE}`,
    body: DirectoryPageRequest,
    reply: { kind: 'envelope', data: Page(DirectoryEntry) },
  }),
} as const;

const d = ['departments'];

export const departments = {
  create: route({
    method: 'POST',
    path: '/v1/departments/create',
    tags: d,
    summary: `Create a local department; names are unique among siblings. ${ADMIN}`,
    body: DepartmentCreate,
    reply: { kind: 'envelope', data: Department },
  }),
  update: route({
    method: 'POST',
    path: '/v1/departments/update',
    tags: d,
    summary: `Update a department (spec 4.16); the fields sent change. An empty parentDeptId moves it to the top level; a parent below itself gives 191001. ${ADMIN}`,
    body: DepartmentUpdate,
    reply: { kind: 'envelope', data: Department },
  }),
  get: route({
    method: 'GET',
    path: '/v1/departments/get',
    tags: d,
    summary: `One department, with memberCount. ${ANYONE}`,
    querystring: DepartmentIdQuery,
    reply: { kind: 'envelope', data: Department },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/departments/getPage',
    tags: d,
    summary: `Departments as a tree: a page of the children of parentDeptId (top level when empty), or of the departments whose name contains name, each with its whole subtree in children. orderByColumn: displayOrder (default), name, createTime. ${ANYONE}`,
    body: DepartmentPageRequest,
    reply: { kind: 'envelope', data: Page(DepartmentNode) },
  }),
  delete: route({
    method: 'POST',
    path: '/v1/departments/delete',
    tags: d,
    summary: `Delete a department without sub-departments or members (else 191002). ${ADMIN}`,
    body: DepartmentIdBody,
    reply: { kind: 'envelope', data: Type.Object({ deptId: Type.String() }) },
  }),
  addMembers: route({
    method: 'POST',
    path: '/v1/departments/addMembers',
    tags: d,
    summary: `Add users to a department; existing members stay. An unknown user refuses the whole call (191004). ${ADMIN}`,
    body: DepartmentMembersBody,
    reply: { kind: 'envelope', data: Department },
  }),
  removeMembers: route({
    method: 'POST',
    path: '/v1/departments/removeMembers',
    tags: d,
    summary: `Remove users from a department; non-members are ignored. ${ADMIN}`,
    body: DepartmentMembersBody,
    reply: { kind: 'envelope', data: Department },
  }),
  getMembers: route({
    method: 'POST',
    path: '/v1/departments/getMembers',
    tags: d,
    summary: `A department's direct members, by name. ${ANYONE}`,
    body: DepartmentMemberPageRequest,
    reply: { kind: 'envelope', data: Page(Member) },
  }),
} as const;

const r = ['roles'];

export const roles = {
  save: route({
    method: 'POST',
    path: '/v1/roles/save',
    tags: r,
    summary: `Create a business role (spec 4.17); roleKey is unique per tenant (else 191003). ${ADMIN}`,
    body: RoleSave,
    reply: { kind: 'envelope', data: Role },
  }),
  update: route({
    method: 'POST',
    path: '/v1/roles/update',
    tags: r,
    summary: `Update a role; the fields sent change. ${ADMIN}`,
    body: RoleUpdate,
    reply: { kind: 'envelope', data: Role },
  }),
  get: route({
    method: 'GET',
    path: '/v1/roles/get',
    tags: r,
    summary: `One role, with memberCount. ${ANYONE}`,
    querystring: RoleIdQuery,
    reply: { kind: 'envelope', data: Role },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/roles/getPage',
    tags: r,
    summary: `Roles, filtered by name and roleKey (substrings). orderByColumn: name (default), roleKey, createTime, updateTime. ${ANYONE}`,
    body: RolePageRequest,
    reply: { kind: 'envelope', data: Page(Role) },
  }),
  delete: route({
    method: 'POST',
    path: '/v1/roles/delete',
    tags: r,
    summary: `Delete a role with its memberships. ${ADMIN}`,
    body: RoleIdBody,
    reply: { kind: 'envelope', data: Type.Object({ roleId: Type.String() }) },
  }),
  addMembers: route({
    method: 'POST',
    path: '/v1/roles/addMembers',
    tags: r,
    summary: `Add users to a role; adding a member again changes nothing. An unknown user refuses the whole call (191004). ${ADMIN}`,
    body: RoleMembersBody,
    reply: { kind: 'envelope', data: Role },
  }),
  removeMembers: route({
    method: 'POST',
    path: '/v1/roles/removeMembers',
    tags: r,
    summary: `Remove users from a role; non-members are ignored. ${ADMIN}`,
    body: RoleMembersBody,
    reply: { kind: 'envelope', data: Role },
  }),
  getMembers: route({
    method: 'POST',
    path: '/v1/roles/getMembers',
    tags: r,
    summary: `A role's members, by name. ${ANYONE}`,
    body: RoleMemberPageRequest,
    reply: { kind: 'envelope', data: Page(Member) },
  }),
} as const;
