/**
 * Each area's service, built once by the root (./app.ts) and handed to the routes that use it.
 * A service that works through another gets that same instance, so the whole service holds one
 * of each.
 */
import { NodeLease } from '../jobs/nodeLease.ts';
import { SafeFetcher } from '../net/fetcher.ts';
import { stderrLogger, type Logger } from '../platform/log/logger.ts';
import type { Store } from '../store/index.ts';
import { SOLE_NODE, type Leadership } from '../store/leadership.ts';
import { AllowList } from '../net/target.ts';
import { Access } from './access.ts';
import { AclEntryService } from './acl/entries.ts';
import { AclPolicyService } from './acl/policies.ts';
import { ChangeFeed } from './changes/feed.ts';
import type { ServiceConfig } from './config.ts';
import { ContainerService } from './containers/service.ts';
import { ContentTypeService } from './contentTypes/service.ts';
import { DocumentService } from './documents/service.ts';
import { EventBus } from './events.ts';
import { FieldDefinitionService } from './fields/service.ts';
import { TermSetService } from './fields/termSets.ts';
import { TemplateService } from './forms/templates.ts';
import { IngestService } from './ingest/service.ts';
import type { ServiceDeps } from './kernel.ts';
import { DepartmentService } from './org/departments.ts';
import { RoleService } from './org/roles.ts';
import { RenditionService } from './renditions/service.ts';
import { SearchService } from './search/service.ts';
import { ShareGrantService } from './shares/service.ts';
import { TaskService } from './tasks/service.ts';
import { TextService } from './text/service.ts';
import { ChunkedUploads } from './versions/chunked.ts';
import { VersionService } from './versions/service.ts';
import type { DeliveryWorker } from './webhooks/worker.ts';
import { connectWebhooks, type WebhookService } from './webhooks/service.ts';

export interface Services {
  aclEntries: AclEntryService;
  aclPolicies: AclPolicyService;
  changes: ChangeFeed;
  containers: ContainerService;
  contentTypes: ContentTypeService;
  documents: DocumentService;
  fields: FieldDefinitionService;
  termSets: TermSetService;
  templates: TemplateService;
  ingest: IngestService;
  departments: DepartmentService;
  roles: RoleService;
  renditions: RenditionService;
  search: SearchService;
  shares: ShareGrantService;
  tasks: TaskService;
  text: TextService;
  versions: VersionService;
  chunked: ChunkedUploads;
  webhooks: WebhookService;
  webhookWorker: DeliveryWorker;
}

/** The kernel over one store: the root is the one place that holds the store itself. */
export function serviceDeps(store: Store, config: ServiceConfig, leadership: Leadership = SOLE_NODE, log: Logger = stderrLogger('error')): ServiceDeps {
  return { repos: store, dataDir: store.dataDir, config, access: new Access(store), events: new EventBus(), leadership, lease: NodeLease.ofThisProcess(config.leaseMs), log };
}

export function buildServices(deps: ServiceDeps): Services {
  const outbound = (userAgent: string) => new SafeFetcher({ allow: new AllowList(deps.config.outbound.allowHosts), userAgent });
  const containers = new ContainerService(deps);
  const documents = new DocumentService(deps, containers);
  const versions = new VersionService(deps, documents);
  const { webhooks, worker } = connectWebhooks(deps, outbound('Folio-Webhooks/1'));
  return {
    aclEntries: new AclEntryService(deps),
    aclPolicies: new AclPolicyService(deps),
    changes: new ChangeFeed(deps),
    containers,
    contentTypes: new ContentTypeService(deps),
    documents,
    fields: new FieldDefinitionService(deps),
    termSets: new TermSetService(deps),
    templates: new TemplateService(deps),
    ingest: new IngestService(deps, documents, outbound('Folio-Ingest/1')),
    departments: new DepartmentService(deps),
    roles: new RoleService(deps),
    renditions: new RenditionService(deps, versions),
    search: new SearchService(deps, containers),
    shares: new ShareGrantService(deps),
    tasks: new TaskService(deps),
    text: new TextService(deps, versions),
    versions,
    chunked: new ChunkedUploads(deps, documents),
    webhooks,
    webhookWorker: worker,
  };
}
