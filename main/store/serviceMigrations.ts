/**
 * The service database's migrations (./migrations), listed so that the bundle in dist/node carries
 * them: a bundler cannot follow a folder read at run time. A new migration gets its line here, in
 * number order; test/unit/store/migrationRegistry.test.ts fails while a file is missing or out of order.
 */
import * as m0001 from './migrations/0001_core.ts';
import * as m0002 from './migrations/0002_content_model.ts';
import * as m0003 from './migrations/0003_access.ts';
import * as m0004 from './migrations/0004_ingest_webhooks.ts';
import * as m0005 from './migrations/0005_text_renditions.ts';
import * as m0006 from './migrations/0006_quotas.ts';
import * as m0007 from './migrations/0007_versions_by_document.ts';
import * as m0011 from './migrations/0011_change_retention.ts';
import * as m0012 from './migrations/0012_purge_and_upload_ends.ts';
import * as m0013 from './migrations/0013_system_containers.ts';
import * as m0014 from './migrations/0014_system_content_types.ts';
import * as m0015 from './migrations/0015_public_clients.ts';
import * as m0016 from './migrations/0016_search.ts';
import * as m0017 from './migrations/0017_file_attributes.ts';
import * as m0018 from './migrations/0018_rate_limits.ts';
import * as m0019 from './migrations/0019_reply_generation.ts';
import * as m0020 from './migrations/0020_queue_leases.ts';
import * as m0021 from './migrations/0021_leader_lease.ts';
import * as m0023 from './migrations/0023_token_generation.ts';
import { migrationsFrom } from './migrationFiles.ts';

export const SERVICE_MIGRATIONS = migrationsFrom(
  {
    '0001_core.ts': m0001,
    '0002_content_model.ts': m0002,
    '0003_access.ts': m0003,
    '0004_ingest_webhooks.ts': m0004,
    '0005_text_renditions.ts': m0005,
    '0006_quotas.ts': m0006,
    '0007_versions_by_document.ts': m0007,
    '0011_change_retention.ts': m0011,
    '0012_purge_and_upload_ends.ts': m0012,
    '0013_system_containers.ts': m0013,
    '0014_system_content_types.ts': m0014,
    '0015_public_clients.ts': m0015,
    '0016_search.ts': m0016,
    '0017_file_attributes.ts': m0017,
    '0018_rate_limits.ts': m0018,
    '0019_reply_generation.ts': m0019,
    '0020_queue_leases.ts': m0020,
    '0021_leader_lease.ts': m0021,
    '0023_token_generation.ts': m0023,
  },
  'main/store/migrations',
);
