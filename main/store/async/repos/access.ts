/** The repositories of access control and the organisation, grouped so a unit of work holds them as two fields. */
import type { Kysely } from 'kysely';
import type { StoreSchema } from '../schema.ts';
import { AsyncAccessScopeRepository } from './accessScope.ts';
import { AsyncAclEntryRepository } from './aclEntries.ts';
import { AsyncAclPolicyRepository } from './aclPolicies.ts';
import { AsyncDepartmentRepository } from './departments.ts';
import { AsyncDirectoryRepository } from './directory.ts';
import { AsyncRoleRepository } from './roles.ts';
import { AsyncShareGrantRepository } from './shareGrants.ts';

export class AsyncAclRepositories {
  readonly entries: AsyncAclEntryRepository;
  readonly policies: AsyncAclPolicyRepository;
  readonly shares: AsyncShareGrantRepository;
  readonly scope: AsyncAccessScopeRepository;

  constructor(q: Kysely<StoreSchema>) {
    this.entries = new AsyncAclEntryRepository(q);
    this.policies = new AsyncAclPolicyRepository(q);
    this.shares = new AsyncShareGrantRepository(q);
    this.scope = new AsyncAccessScopeRepository(q);
  }
}

export class AsyncOrgRepositories {
  readonly departments: AsyncDepartmentRepository;
  readonly roles: AsyncRoleRepository;
  readonly directory: AsyncDirectoryRepository;

  constructor(q: Kysely<StoreSchema>) {
    this.departments = new AsyncDepartmentRepository(q);
    this.roles = new AsyncRoleRepository(q);
    this.directory = new AsyncDirectoryRepository(q);
  }
}
