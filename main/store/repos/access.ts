/** The repositories of access control and the organisation, grouped so the Store holds them as two fields. */
import type { Db } from '../db.ts';
import { AclEntryRepository } from './aclEntries.ts';
import { AclPolicyRepository } from './aclPolicies.ts';
import { AccessScopeRepository } from './accessScope.ts';
import { DepartmentRepository } from './departments.ts';
import { DirectoryRepository } from './directory.ts';
import { RoleRepository } from './roles.ts';
import { ShareGrantRepository } from './shareGrants.ts';

export class AclRepositories {
  readonly entries: AclEntryRepository;
  readonly policies: AclPolicyRepository;
  readonly shares: ShareGrantRepository;
  readonly scope: AccessScopeRepository;

  constructor(db: Db) {
    this.entries = new AclEntryRepository(db);
    this.policies = new AclPolicyRepository(db);
    this.shares = new ShareGrantRepository(db);
    this.scope = new AccessScopeRepository(db);
  }
}

export class OrgRepositories {
  readonly departments: DepartmentRepository;
  readonly roles: RoleRepository;
  readonly directory: DirectoryRepository;

  constructor(db: Db) {
    this.departments = new DepartmentRepository(db);
    this.roles = new RoleRepository(db);
    this.directory = new DirectoryRepository(db);
  }
}
