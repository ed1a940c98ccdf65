/** The handlers of /v1/directory/getPage, /v1/departments/* and /v1/roles/* (shared/v1/contract/org.ts): the tenant's organisation. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type AreaDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';
import { searchDirectory } from './directory.ts';

export function orgRoutes(app: FolioApp, deps: AreaDeps<'org'>, services: Services): void {
  const { departments, roles } = services;
  const d = contract.departments;
  const r = contract.roles;

  serve(app, contract.directory.getPage, (req) => searchDirectory(deps, callerOf(req), req.body));

  serve(app, d.create, (req) => departments.create(callerOf(req), req.body));
  serve(app, d.update, (req) => departments.update(callerOf(req), req.body));
  serve(app, d.get, (req) => departments.get(callerOf(req), req.query.deptId));
  serve(app, d.getPage, (req) => departments.page(callerOf(req), req.body));
  serve(app, d.delete, (req) => departments.delete(callerOf(req), req.body.deptId));
  serve(app, d.addMembers, (req) => departments.addMembers(callerOf(req), req.body));
  serve(app, d.removeMembers, (req) => departments.removeMembers(callerOf(req), req.body));
  serve(app, d.getMembers, (req) => departments.members(callerOf(req), req.body));

  serve(app, r.save, (req) => roles.save(callerOf(req), req.body));
  serve(app, r.update, (req) => roles.update(callerOf(req), req.body));
  serve(app, r.get, (req) => roles.get(callerOf(req), req.query.roleId));
  serve(app, r.getPage, (req) => roles.page(callerOf(req), req.body));
  serve(app, r.delete, (req) => roles.delete(callerOf(req), req.body.roleId));
  serve(app, r.addMembers, (req) => roles.addMembers(callerOf(req), req.body));
  serve(app, r.removeMembers, (req) => roles.removeMembers(callerOf(req), req.body));
  serve(app, r.getMembers, (req) => roles.members(callerOf(req), req.body));
}
