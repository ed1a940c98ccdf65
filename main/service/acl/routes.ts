/** The handlers of /v1/acl/* (shared/v1/contract/acl.ts): a container's ACL entries and inheritance, and ACL policies. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

const { acl: routes } = contract;

export function aclRoutes(app: FolioApp, services: Services): void {
  const { aclEntries: entries, aclPolicies: policies } = services;
  serve(app, routes.entriesGet, (req) => entries.get(callerOf(req), req.query.containerId));
  serve(app, routes.entriesSet, (req) => entries.set(callerOf(req), req.body));
  serve(app, routes.inheritanceSet, (req) => entries.setInheritance(callerOf(req), req.body));
  serve(app, routes.policyCreate, (req) => policies.create(callerOf(req), req.body));
  serve(app, routes.policyUpdate, (req) => policies.update(callerOf(req), req.query.policyId, req.body));
  serve(app, routes.policyGet, (req) => policies.get(callerOf(req), req.query.policyId));
  serve(app, routes.policyGetPage, (req) => policies.page(callerOf(req), req.body));
  serve(app, routes.policyDelete, (req) => policies.delete(callerOf(req), req.body.policyId));
}
