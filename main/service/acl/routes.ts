/** /v1/acl/*: a container's ACL entries and inheritance, and ACL policies (spec 4.4, 4.9). */
import Type from 'typebox';
import {
  AclEntriesQuery,
  AclEntriesSet,
  AclInheritanceSet,
  AclPolicy,
  AclPolicyCreate,
  AclPolicyPageRequest,
  AclPolicyUpdate,
  ContainerAcl,
  PolicyIdBody,
  PolicyIdQuery,
} from '../../../shared/v1/access.ts';
import { Page } from '../../../shared/v1/resources.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const tags = ['acl'];
const ADMIN = 'Needs an administrator: APP_ONLY, or a user with MANAGE on the system root.';

export function aclRoutes(app: FolioApp, services: Services): void {
  const { aclEntries: entries, aclPolicies: policies } = services;

  app.get('/v1/acl/entries/get', {
    schema: {
      tags,
      summary: "A container's own ACL entries, the entries it inherits (with the container each comes from), and the caller's effective permissions. Needs MANAGE.",
      querystring: AclEntriesQuery,
      response: replies(ContainerAcl),
    },
  }, async (req) => ok(req, entries.get(callerOf(req), req.query.containerId)));

  app.post('/v1/acl/entries/set', {
    schema: {
      tags,
      summary: "Replace a container's own ACL entries: one per principal (USER, DEPARTMENT, ROLE, EVERYONE), each with a role and/or allowMask, and a denyMask. Deny beats allow. Needs MANAGE.",
      body: AclEntriesSet,
      response: replies(ContainerAcl),
    },
  }, async (req) => ok(req, entries.set(callerOf(req), req.body)));

  app.post('/v1/acl/inheritance/set', {
    schema: {
      tags,
      summary: 'Turn ACL inheritance off (the inherited entries are copied onto the container, so no one gains or loses anything) or back on (own entries stay). Needs MANAGE.',
      body: AclInheritanceSet,
      response: replies(ContainerAcl),
    },
  }, async (req) => ok(req, entries.setInheritance(callerOf(req), req.body)));

  app.post('/v1/acl/policy/create', {
    schema: { tags, summary: `Create an ACL policy; the body is the AclPolicy input of spec 4.4 with name required. ${ADMIN}`, body: AclPolicyCreate, response: replies(AclPolicy) },
  }, async (req) => ok(req, policies.create(callerOf(req), req.body)));

  app.post('/v1/acl/policy/update', {
    schema: {
      tags,
      summary: `Update an ACL policy (spec 4.4): the fields sent change, the others stay. ${ADMIN}`,
      querystring: PolicyIdQuery,
      body: AclPolicyUpdate,
      response: replies(AclPolicy),
    },
  }, async (req) => ok(req, policies.update(callerOf(req), req.query.policyId, req.body)));

  app.get('/v1/acl/policy/get', {
    schema: { tags, summary: `One ACL policy, with affectedResourceCount. ${ADMIN}`, querystring: PolicyIdQuery, response: replies(AclPolicy) },
  }, async (req) => ok(req, policies.get(callerOf(req), req.query.policyId)));

  app.post('/v1/acl/policy/getPage', {
    schema: {
      tags,
      summary: `ACL policies (spec 4.9), filtered by name (substring), matchResourceType, grantType and enabled. orderByColumn: name, createTime, updateTime. ${ADMIN}`,
      body: AclPolicyPageRequest,
      response: replies(Page(AclPolicy)),
    },
  }, async (req) => ok(req, policies.page(callerOf(req), req.body)));

  app.post('/v1/acl/policy/delete', {
    schema: { tags, summary: `Delete an ACL policy. ${ADMIN}`, body: PolicyIdBody, response: replies(Type.Object({ policyId: Type.String() })) },
  }, async (req) => ok(req, policies.delete(callerOf(req), req.body.policyId)));
}
