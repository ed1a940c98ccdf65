/**
 * The tables the asynchronous store reads, as Kysely types: one set for both databases, since the
 * columns keep the same types in each (text for ids, times and JSON; integers for 0/1 flags and
 * epoch milliseconds). `rowid` is SQLite's own and an identity column in PostgreSQL: the tables
 * read in insertion order are ordered by it in both.
 */
import type { Generated } from 'kysely';
import type { Cardinality, OptionSourceType, TargetKind, ValueType } from '../../../shared/v1/contentModel.ts';
import type { PrincipalType } from '../../../shared/permissions.ts';
import type { ChangeKind, ChangeOp } from '../../../shared/v1/resources.ts';
import type { TaskKind, TaskStatus } from '../../../shared/v1/ingest.ts';
import type { DeliveryStatus, WebhookEventType } from '../../../shared/v1/webhooks.ts';
import type { TokenKind } from '../repos/tokenRecords.ts';

/** The database under the store: one set of queries, and where they must differ, one per dialect. */
export type Dialect = 'sqlite' | 'postgres';

export interface TenantsTable {
  rowid: Generated<number>;
  tenant_id: string;
  name: string;
  create_time: string;
}

export interface ApiClientsTable {
  rowid: Generated<number>;
  client_id: string;
  tenant_id: string;
  secret_hash: string;
  act_as_user_allowed: number;
  scopes: string;
  create_time: string;
  public: number;
  redirect_uris: string;
}

export interface UsersTable {
  user_id: string;
  tenant_id: string;
  name: string;
  password_hash: string;
  source: string | null;
  source_id: string | null;
  require_password_change: Generated<number>;
  create_time: string;
}

export interface TokensTable {
  token_hash: string;
  kind: TokenKind;
  tenant_id: string;
  client_id: string;
  user_id: string | null;
  expires_at: number;
  create_time: string;
}

export interface AuthorizationCodesTable {
  code_hash: string;
  tenant_id: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: number;
  create_time: string;
}

/** The content model's tables carry an `id` of their own (the resources' integer id): it orders them as rowid would. */
export interface ContentTypesTable {
  id: Generated<number>;
  type_id: string;
  tenant_id: string;
  target_kind: TargetKind;
  parent_type_id: string;
  code: string;
  name: string;
  description: string;
  icon: string;
  system: number;
  sort_order: number;
  status: Generated<string>;
  max_version_count: number;
  retention_days: number;
  capabilities: string;
  create_time: string;
  update_time: string;
}

export interface ContentTypeTemplatesTable {
  type_id: string;
  template_id: string;
  position: number;
}

export interface FieldDefinitionsTable {
  id: Generated<number>;
  field_id: string;
  tenant_id: string;
  attribute_key: string;
  display_name: string;
  value_type: ValueType;
  cardinality: Cardinality;
  option_source_type: OptionSourceType;
  option_source_id: string;
  options_list: string;
  applicable_targets: string;
  required: number;
  default_value: string;
  validation_rule: string;
  list_visible: number;
  system: Generated<number>;
  sort_order: number;
  description: string;
  status: string;
  capabilities: string;
  create_time: string;
  update_time: string;
}

export interface TemplatesTable {
  id: Generated<number>;
  template_id: string;
  tenant_id: string;
  name: string;
  description: string;
  status: string;
  create_time: string;
  update_time: string;
}

export interface TemplateFieldsTable {
  template_id: string;
  field_id: string;
  position: number;
}

export interface TermSetsTable {
  id: Generated<number>;
  term_set_id: string;
  tenant_id: string;
  code: string;
  name: string;
  description: string;
  hierarchical: number;
  terms: string;
  status: string;
  create_time: string;
  update_time: string;
}

export interface RateLimitsTable {
  limit_key: string;
  window_start: number;
  count: number;
}

export interface DepartmentsTable {
  dept_id: string;
  tenant_id: string;
  source: Generated<string>;
  name: string;
  parent_dept_id: string;
  display_order: number;
  leader_user_id: string;
  properties: string;
  create_time: string;
  update_time: string;
}

/** department_members and role_members: one row per group and user. */
export interface MembersTable {
  user_id: string;
  tenant_id: string;
  create_time: string;
}

export interface RolesTable {
  role_id: string;
  tenant_id: string;
  source: Generated<string>;
  name: string;
  role_key: string;
  description: string;
  properties: string;
  create_time: string;
  update_time: string;
}

export interface AclEntriesTable {
  id: Generated<number>;
  tenant_id: string;
  container_id: string;
  principal_type: PrincipalType;
  principal_id: string;
  role: string;
  allow_mask: number;
  deny_mask: number;
  create_by: string;
  create_time: string;
}

export interface AclPoliciesTable {
  policy_id: string;
  tenant_id: string;
  name: string;
  description: string;
  match_resource_type: string;
  match_container_type_ids: string;
  match_conditions: string;
  grant_type: string;
  grant_role: string;
  grant_permission_mask: number;
  grant_deny_mask: number;
  enabled: number;
  create_time: string;
  update_time: string;
}

export interface AclPolicyGranteesTable {
  rowid: Generated<number>;
  policy_id: string;
  tenant_id: string;
  grantee_type: PrincipalType;
  grantee_id: string;
}

export interface ShareGrantsTable {
  share_grant_id: string;
  tenant_id: string;
  resource_type: 'CONTAINER' | 'DOCUMENT';
  resource_id: string;
  grantor_id: string;
  grantee_type: PrincipalType;
  grantee_id: string;
  permission_preset: string;
  message: string;
  expires_at: string;
  revoked_at: Generated<string>;
  create_time: string;
  update_time: string;
}

/** The tree's containers (async/repos/containers.ts); `id` is the integer id the wire shows. */
export interface ContainersTable {
  id: Generated<number>;
  container_id: string;
  tenant_id: string;
  parent_id: string | null;
  container_type_id: string;
  name: string;
  description: string;
  sort_order: number;
  status: 'ACTIVE' | 'DELETED';
  system_kind: 'ROOT' | 'DEFAULT' | null;
  metadata: string;
  acl_inherit_enabled: number;
  create_by: string;
  create_time: string;
  update_by: string;
  update_time: string;
  purge_at: string;
  deleted_batch: string | null;
}

/** The tree's documents (async/repos/documents.ts): the current version's columns are denormalised from its newest version. */
export interface DocumentsTable {
  doc_id: string;
  tenant_id: string;
  container_id: string;
  title: string;
  document_type_id: string;
  current_version_id: Generated<string>;
  current_version_no: Generated<number>;
  size_bytes: Generated<number>;
  mime_type: Generated<string>;
  original_filename: Generated<string>;
  content_hash: Generated<string>;
  state: Generated<'ACTIVE' | 'DELETED'>;
  published_version_id: Generated<string>;
  published_version_no: Generated<number>;
  published_label: Generated<string>;
  processing_state: Generated<string>;
  processing_fail_reason: Generated<string>;
  index_status: Generated<string>;
  index_fail_reason: Generated<string>;
  metadata: string;
  create_by: string;
  create_time: string;
  update_by: string;
  update_time: string;
  purge_at: Generated<string>;
  deleted_batch: Generated<string | null>;
}

/** Versions as far as permission resolution (AsyncAccessScopeRepository) reads them: their area converts in step 4's third part. */
export interface VersionRefsTable {
  version_id: string;
  doc_id: string;
  tenant_id: string;
  version_no: number;
}

/** The change feed: `seq` is SQLite's AUTOINCREMENT, and in PostgreSQL taken from the tenant's `change_heads` row. */
export interface ChangesTable {
  seq: Generated<number>;
  tenant_id: string;
  op: ChangeOp;
  kind: ChangeKind;
  node_id: string;
  parent_id: string;
  name: string;
  deleted: number;
  version_no: number;
  version_id: string;
  content_hash: string;
  size_bytes: number;
  time: string;
}

/** The newest seq issued to each tenant (PostgreSQL only; SQLite's sequence is `sqlite_sequence`). */
export interface ChangeHeadsTable {
  tenant_id: string;
  seq: number;
}

export interface ChangeHorizonsTable {
  tenant_id: string;
  pruned_through: number;
}

/** What a queue's claim writes: the node holding the row, and until when (epoch ms; 0 when none does). */
interface LeaseColumns {
  lease_owner: Generated<string>;
  lease_until: Generated<number>;
}

export type JobStatus = 'QUEUED' | 'RUNNING' | 'FAILED';

export interface JobsTable extends LeaseColumns {
  job_id: Generated<number>;
  queue: string;
  job_key: string;
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: number;
  last_error: Generated<string>;
  create_time: string;
  update_time: string;
}

export interface TasksTable extends LeaseColumns {
  task_id: string;
  tenant_id: string;
  kind: TaskKind;
  status: TaskStatus;
  input: string;
  result: string | null;
  fail_code: Generated<number>;
  fail_reason: Generated<string>;
  attempts: Generated<number>;
  client_id: string;
  user_id: string | null;
  auth_mode: string;
  create_by: string;
  create_time: string;
  update_time: string;
}

export interface WebhooksTable {
  webhook_id: string;
  tenant_id: string;
  url: string;
  /** The event types, as a JSON array. */
  events: string;
  secret: string;
  description: string;
  create_by: string;
  create_time: string;
}

export interface WebhookDeliveriesTable extends LeaseColumns {
  delivery_id: string;
  webhook_id: string;
  tenant_id: string;
  event_type: WebhookEventType;
  payload: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_status_code: Generated<number>;
  last_error: Generated<string>;
  create_time: string;
  update_time: string;
  delivered_time: Generated<string>;
}

/** The reply cache's generation on SQLite: one row, moved by every write of a reply's input (migration 0019). */
export interface ReplyGenerationTable {
  id: number;
  n: number;
}

/** The reply cache's generation on PostgreSQL: a row a tenant, moved by writes of that tenant's inputs (0011_reply_generation). */
export interface ReplyGenerationsTable {
  tenant_id: string;
  n: number;
}

/** The one row of the lead of the nodes (main/store/leadership.ts). */
export interface LeaderLeaseTable {
  id: number;
  owner: string;
  lease_until: number;
}

export interface StoreSchema {
  tenants: TenantsTable;
  api_clients: ApiClientsTable;
  users: UsersTable;
  tokens: TokensTable;
  authorization_codes: AuthorizationCodesTable;
  content_types: ContentTypesTable;
  content_type_templates: ContentTypeTemplatesTable;
  field_definitions: FieldDefinitionsTable;
  templates: TemplatesTable;
  template_fields: TemplateFieldsTable;
  term_sets: TermSetsTable;
  rate_limits: RateLimitsTable;
  jobs: JobsTable;
  tasks: TasksTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  leader_lease: LeaderLeaseTable;
  departments: DepartmentsTable;
  department_members: MembersTable & { dept_id: string };
  roles: RolesTable;
  role_members: MembersTable & { role_id: string };
  acl_entries: AclEntriesTable;
  acl_policies: AclPoliciesTable;
  acl_policy_grantees: AclPolicyGranteesTable;
  share_grants: ShareGrantsTable;
  containers: ContainersTable;
  documents: DocumentsTable;
  versions: VersionRefsTable;
  changes: ChangesTable;
  change_heads: ChangeHeadsTable;
  change_horizons: ChangeHorizonsTable;
  reply_generation: ReplyGenerationTable;
  reply_generations: ReplyGenerationsTable;
}
