/**
 * Access control over /v1 (docs/access-control.md): ACL entries on containers, ACL policies
 * (spec 4.4, 4.9, §2 AclPolicy) and in-site share grants (spec 4.12, §2 ShareGrant).
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ALL_PERMISSIONS } from '../permissions.ts';
import { EffectivePermissionsSchema } from './resources.ts';
import { ID_MAX, NAME_MAX, PageRequestFields } from './requests.ts';

const Str = Type.String();
const Int = Type.Integer();
const Bool = Type.Boolean();
const Id = Type.String({ maxLength: ID_MAX });
const Mask = Type.Integer({ minimum: 0, maximum: ALL_PERMISSIONS });

const PrincipalType = Type.Union([Type.Literal('USER'), Type.Literal('DEPARTMENT'), Type.Literal('ROLE'), Type.Literal('EVERYONE')]);
const RoleName = Type.Union([Type.Literal('VIEWER'), Type.Literal('DOWNLOADER'), Type.Literal('EDITOR'), Type.Literal('MANAGER')]);

/** One entry as sent: a principal (principalId is ignored for EVERYONE), a named role and/or raw masks. */
export const AclEntryInput = Type.Object({
  principalType: PrincipalType,
  principalId: Type.Optional(Id),
  role: Type.Optional(RoleName),
  allowMask: Type.Optional(Mask),
  denyMask: Type.Optional(Mask),
});
export type AclEntryInput = Static<typeof AclEntryInput>;

/** One entry as read. allowMask includes the role's bits; sourceContainerId is where an inherited entry lives. */
export const AclEntry = Type.Object({
  principalType: Str,
  principalId: Str,
  principalName: Str,
  role: Str,
  allowMask: Int,
  denyMask: Int,
  inherited: Bool,
  sourceContainerId: Str,
});
export type AclEntry = Static<typeof AclEntry>;

export const ContainerAcl = Type.Object({
  containerId: Str,
  aclInheritEnabled: Bool,
  entries: Type.Array(AclEntry),
  inheritedEntries: Type.Array(AclEntry),
  effectivePermissions: EffectivePermissionsSchema,
});
export type ContainerAcl = Static<typeof ContainerAcl>;

export const AclEntriesQuery = Type.Object({ containerId: Id });

export const AclEntriesSet = Type.Object({ containerId: Id, entries: Type.Array(AclEntryInput, { maxItems: 500 }) });
export type AclEntriesSet = Static<typeof AclEntriesSet>;

export const AclInheritanceSet = Type.Object({ containerId: Id, aclInheritEnabled: Bool });
export type AclInheritanceSet = Static<typeof AclInheritanceSet>;

export const ConditionOperators = ['eq', 'ne', 'in', 'nin', 'contains', 'exists'] as const;
export type ConditionOperator = (typeof ConditionOperators)[number];

export const MatchCondition = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 128 }),
  operator: Type.Union([Type.Literal('eq'), Type.Literal('ne'), Type.Literal('in'), Type.Literal('nin'), Type.Literal('contains'), Type.Literal('exists')]),
  value: Type.Optional(Type.Unknown()),
});
export type MatchCondition = Static<typeof MatchCondition>;

export const Grantee = Type.Object({ granteeType: PrincipalType, granteeId: Type.Optional(Id) });
export type Grantee = Static<typeof Grantee>;

export const MatchResourceTypes = ['CONTAINER', 'DOCUMENT', 'ALL'] as const;
export type MatchResourceType = (typeof MatchResourceTypes)[number];
export const GrantTypes = ['ROLE', 'MASK'] as const;
export type GrantType = (typeof GrantTypes)[number];

const MatchResourceTypeSchema = Type.Union([Type.Literal('CONTAINER'), Type.Literal('DOCUMENT'), Type.Literal('ALL')]);
const GrantTypeSchema = Type.Union([Type.Literal('ROLE'), Type.Literal('MASK')]);

const policyFields = {
  name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
  matchResourceType: Type.Optional(MatchResourceTypeSchema),
  grantType: Type.Optional(GrantTypeSchema),
  grantRole: Type.Optional(Type.Union([RoleName, Type.Literal('')])),
  matchContainerTypeIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  matchConditions: Type.Optional(Type.Array(MatchCondition, { maxItems: 50 })),
  grantees: Type.Optional(Type.Array(Grantee, { maxItems: 500 })),
  grantPermissionMask: Type.Optional(Mask),
  grantDenyMask: Type.Optional(Mask),
  enabled: Type.Optional(Bool),
};

export const AclPolicyCreate = Type.Object({ ...policyFields, name: Type.String({ maxLength: NAME_MAX }) });
export type AclPolicyCreate = Static<typeof AclPolicyCreate>;

/** Spec 4.4: the fields sent change; the others keep their values. */
export const AclPolicyUpdate = Type.Object(policyFields);
export type AclPolicyUpdate = Static<typeof AclPolicyUpdate>;

export const PolicyIdQuery = Type.Object({ policyId: Id });
export const PolicyIdBody = Type.Object({ policyId: Id });
export type PolicyIdBody = Static<typeof PolicyIdBody>;

export const AclPolicy = Type.Object({
  policyId: Str,
  tenantId: Str,
  name: Str,
  description: Str,
  matchResourceType: Str,
  matchContainerTypeIds: Type.Array(Str),
  matchConditions: Type.Array(Type.Object({ key: Str, operator: Str, value: Type.Unknown() })),
  grantees: Type.Array(Type.Object({ granteeType: Str, granteeId: Str })),
  grantType: Str,
  grantRole: Str,
  grantPermissionMask: Int,
  grantDenyMask: Int,
  enabled: Bool,
  affectedResourceCount: Int,
  createTime: Str,
  updateTime: Str,
});
export type AclPolicy = Static<typeof AclPolicy>;

/** Spec 4.9 filters; name matches as a substring. */
export const AclPolicyPageRequest = Type.Object({
  ...PageRequestFields,
  name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  matchResourceType: Type.Optional(MatchResourceTypeSchema),
  grantType: Type.Optional(GrantTypeSchema),
  enabled: Type.Optional(Bool),
});
export type AclPolicyPageRequest = Static<typeof AclPolicyPageRequest>;

export const ShareResourceTypes = ['CONTAINER', 'DOCUMENT'] as const;
export type ShareResourceType = (typeof ShareResourceTypes)[number];
export const ShareStatuses = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ShareStatus = (typeof ShareStatuses)[number];

export const ShareResourceTypeSchema = Type.Union([Type.Literal('CONTAINER'), Type.Literal('DOCUMENT')]);
export const ShareGranteeTypeSchema = Type.Union([Type.Literal('USER'), Type.Literal('DEPARTMENT'), Type.Literal('ROLE')]);
export const SharePresetSchema = Type.Union([Type.Literal('VIEW'), Type.Literal('DOWNLOAD'), Type.Literal('EDIT')]);
/** An ISO 8601 instant; an empty string means "never expires". */
export const ExpiresAtSchema = Type.String({ maxLength: 64 });
const ShareResourceType = ShareResourceTypeSchema;
const ShareGranteeType = ShareGranteeTypeSchema;
const SharePreset = SharePresetSchema;
const ExpiresAt = ExpiresAtSchema;

export const ShareGrant = Type.Object({
  shareGrantId: Str,
  resourceType: Str,
  resourceId: Str,
  resourceName: Str,
  grantorId: Str,
  granteeType: Str,
  granteeId: Str,
  granteeName: Str,
  permissionPreset: Str,
  message: Str,
  expiresAt: Str,
  revokedAt: Str,
  status: Str,
  createTime: Str,
  updateTime: Str,
});
export type ShareGrant = Static<typeof ShareGrant>;

export const ShareGrantCreate = Type.Object({
  resourceType: ShareResourceType,
  resourceId: Id,
  granteeType: ShareGranteeType,
  granteeId: Id,
  permissionPreset: SharePreset,
  expiresAt: Type.Optional(ExpiresAt),
  message: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ShareGrantCreate = Static<typeof ShareGrantCreate>;

/** Spec 4.12: only permissionPreset, expiresAt and message change. */
export const ShareGrantUpdate = Type.Object({
  shareGrantId: Id,
  permissionPreset: Type.Optional(SharePreset),
  expiresAt: Type.Optional(ExpiresAt),
  message: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ShareGrantUpdate = Static<typeof ShareGrantUpdate>;

export const ShareGrantIdBody = Type.Object({ shareGrantId: Id });
export type ShareGrantIdBody = Static<typeof ShareGrantIdBody>;
export const ShareGrantIdQuery = Type.Object({ shareGrantId: Id });

/**
 * Without resourceId: the grants made to the caller (to the user, their departments and roles);
 * with grantedByMe: the grants the caller made; with resourceType + resourceId: the grants on
 * that resource.
 */
export const ShareGrantPageRequest = Type.Object({
  ...PageRequestFields,
  resourceType: Type.Optional(ShareResourceType),
  resourceId: Type.Optional(Id),
  grantedByMe: Type.Optional(Bool),
  status: Type.Optional(Type.Union([Type.Literal('ACTIVE'), Type.Literal('EXPIRED'), Type.Literal('REVOKED')])),
});
export type ShareGrantPageRequest = Static<typeof ShareGrantPageRequest>;
