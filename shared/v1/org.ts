/** The organisation (spec §2 Department and Role, 4.16, 4.17, and our additions), as TypeBox schemas. */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ID_MAX, NAME_MAX, PageRequestFields } from './requests.ts';

const Str = Type.String();
const Int = Type.Integer();
const Id = Type.String({ maxLength: ID_MAX });
const Properties = Type.Record(Type.String({ maxLength: 128 }), Type.Unknown());
const UserIds = Type.Array(Id, { minItems: 1, maxItems: 500 });

const departmentFields = {
  deptId: Str,
  tenantId: Str,
  source: Str,
  name: Str,
  parentDeptId: Str,
  leaderUserId: Str,
  displayOrder: Int,
  createTime: Str,
  updateTime: Str,
  properties: Type.Record(Type.String(), Type.Unknown()),
  memberCount: Int,
};

export const Department = Type.Object(departmentFields);
export type Department = Static<typeof Department>;

/** A department with its whole subtree: what departments/getPage returns. */
export const DepartmentNode = Type.Cyclic(
  { DepartmentNode: Type.Object({ ...departmentFields, children: Type.Array(Type.Ref('DepartmentNode')) }) },
  'DepartmentNode',
);
export type DepartmentNode = Department & { children: DepartmentNode[] };

export const DepartmentCreate = Type.Object({
  name: Type.String({ maxLength: NAME_MAX }),
  parentDeptId: Type.Optional(Id),
  displayOrder: Type.Optional(Int),
  leaderUserId: Type.Optional(Id),
  properties: Type.Optional(Properties),
});
export type DepartmentCreate = Static<typeof DepartmentCreate>;

/** Spec 4.16: deptId names the department; every other field is optional and changes only when sent. */
export const DepartmentUpdate = Type.Object({
  deptId: Id,
  name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  parentDeptId: Type.Optional(Id),
  displayOrder: Type.Optional(Int),
  leaderUserId: Type.Optional(Id),
  properties: Type.Optional(Properties),
});
export type DepartmentUpdate = Static<typeof DepartmentUpdate>;

export const DepartmentIdQuery = Type.Object({ deptId: Id });
export const DepartmentIdBody = Type.Object({ deptId: Id });
export type DepartmentIdBody = Static<typeof DepartmentIdBody>;

export const DepartmentPageRequest = Type.Object({
  ...PageRequestFields,
  parentDeptId: Type.Optional(Id),
  name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
});
export type DepartmentPageRequest = Static<typeof DepartmentPageRequest>;

export const DepartmentMembersBody = Type.Object({ deptId: Id, userIds: UserIds });
export type DepartmentMembersBody = Static<typeof DepartmentMembersBody>;

export const DepartmentMemberPageRequest = Type.Object({ ...PageRequestFields, deptId: Id });
export type DepartmentMemberPageRequest = Static<typeof DepartmentMemberPageRequest>;

export const Role = Type.Object({
  roleId: Str,
  tenantId: Str,
  source: Str,
  name: Str,
  roleKey: Str,
  description: Str,
  memberCount: Int,
  createTime: Str,
  updateTime: Str,
  properties: Type.Record(Type.String(), Type.Unknown()),
});
export type Role = Static<typeof Role>;

/** Spec 4.17. */
export const RoleSave = Type.Object({
  name: Type.String({ maxLength: NAME_MAX }),
  roleKey: Type.String({ maxLength: 128 }),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
  properties: Type.Optional(Properties),
});
export type RoleSave = Static<typeof RoleSave>;

export const RoleUpdate = Type.Object({
  roleId: Id,
  name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  roleKey: Type.Optional(Type.String({ maxLength: 128 })),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
  properties: Type.Optional(Properties),
});
export type RoleUpdate = Static<typeof RoleUpdate>;

export const RoleIdQuery = Type.Object({ roleId: Id });
export const RoleIdBody = Type.Object({ roleId: Id });
export type RoleIdBody = Static<typeof RoleIdBody>;

export const RolePageRequest = Type.Object({
  ...PageRequestFields,
  name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  roleKey: Type.Optional(Type.String({ maxLength: 128 })),
});
export type RolePageRequest = Static<typeof RolePageRequest>;

export const RoleMembersBody = Type.Object({ roleId: Id, userIds: UserIds });
export type RoleMembersBody = Static<typeof RoleMembersBody>;

export const RoleMemberPageRequest = Type.Object({ ...PageRequestFields, roleId: Id });
export type RoleMemberPageRequest = Static<typeof RoleMemberPageRequest>;

export const Member = Type.Object({ userId: Str, userName: Str });
export type Member = Static<typeof Member>;
