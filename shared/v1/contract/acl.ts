/** /v1/acl/*: a container's ACL entries and inheritance, and ACL policies (spec 4.4, 4.9). */
import * as Type from 'typebox/type';
import { AclEntriesQuery, AclEntriesSet, AclInheritanceSet, AclPolicy, AclPolicyCreate, AclPolicyPageRequest, AclPolicyUpdate, ContainerAcl, PolicyIdBody, PolicyIdQuery } from '../access.ts';
import { Page } from '../resources.ts';
import { route } from './route.ts';

const tags = ['acl'];
const ADMIN = 'Needs an administrator: APP_ONLY, or a user with MANAGE on the system root.';

export const acl = {
  entriesGet: route({
    method: 'GET',
    path: '/v1/acl/entries/get',
    tags,
    summary: "A container's own ACL entries, the entries it inherits (with the container each comes from), and the caller's effective permissions. Needs MANAGE.",
    querystring: AclEntriesQuery,
    reply: { kind: 'envelope', data: ContainerAcl },
  }),
  entriesSet: route({
    method: 'POST',
    path: '/v1/acl/entries/set',
    tags,
    summary: "Replace a container's own ACL entries: one per principal (USER, DEPARTMENT, ROLE, EVERYONE), each with a role and/or allowMask, and a denyMask. Deny beats allow. Needs MANAGE.",
    body: AclEntriesSet,
    reply: { kind: 'envelope', data: ContainerAcl },
  }),
  inheritanceSet: route({
    method: 'POST',
    path: '/v1/acl/inheritance/set',
    tags,
    summary: 'Turn ACL inheritance off (the inherited entries are copied onto the container, so no one gains or loses anything) or back on (own entries stay). Needs MANAGE.',
    body: AclInheritanceSet,
    reply: { kind: 'envelope', data: ContainerAcl },
  }),
  policyCreate: route({
    method: 'POST',
    path: '/v1/acl/policy/create',
    tags,
    summary: `Create an ACL policy; the body is the AclPolicy input of spec 4.4 with name required. ${ADMIN}`,
    body: AclPolicyCreate,
    reply: { kind: 'envelope', data: AclPolicy },
  }),
  policyUpdate: route({
    method: 'POST',
    path: '/v1/acl/policy/update',
    tags,
    summary: `Update an ACL policy (spec 4.4): the fields sent change, the others stay. ${ADMIN}`,
    querystring: PolicyIdQuery,
    body: AclPolicyUpdate,
    reply: { kind: 'envelope', data: AclPolicy },
  }),
  policyGet: route({
    method: 'GET',
    path: '/v1/acl/policy/get',
    tags,
    summary: `One ACL policy, with affectedResourceCount. ${ADMIN}`,
    querystring: PolicyIdQuery,
    reply: { kind: 'envelope', data: AclPolicy },
  }),
  policyGetPage: route({
    method: 'POST',
    path: '/v1/acl/policy/getPage',
    tags,
    summary: `ACL policies (spec 4.9), filtered by name (substring), matchResourceType, grantType and enabled. orderByColumn: name, createTime, updateTime. ${ADMIN}`,
    body: AclPolicyPageRequest,
    reply: { kind: 'envelope', data: Page(AclPolicy) },
  }),
  policyDelete: route({
    method: 'POST',
    path: '/v1/acl/policy/delete',
    tags,
    summary: `Delete an ACL policy. ${ADMIN}`,
    body: PolicyIdBody,
    reply: { kind: 'envelope', data: Type.Object({ policyId: Type.String() }) },
  }),
} as const;
