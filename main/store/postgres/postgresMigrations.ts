/**
 * The PostgreSQL database's migrations (./migrations), listed so that the bundle in dist/node
 * carries them. A new migration gets its line here, in number order;
 * test/unit/store/migrationRegistry.test.ts fails while a file is missing or out of order.
 */
import * as m0001 from './migrations/0001_identity.ts';
import * as m0002 from './migrations/0002_authorization_codes.ts';
import * as m0003 from './migrations/0003_content_model.ts';
import * as m0004 from './migrations/0004_rate_limits.ts';
import * as m0005 from './migrations/0005_access.ts';
import * as m0006 from './migrations/0006_queues.ts';
import * as m0007 from './migrations/0007_change_feed.ts';
import * as m0008 from './migrations/0008_leader_lease.ts';
import * as m0009 from './migrations/0009_tree.ts';
import * as m0010 from './migrations/0010_documents.ts';
import * as m0011 from './migrations/0011_reply_generation.ts';
import { migrationsFrom } from '../migrationFiles.ts';

export const POSTGRES_MIGRATIONS = migrationsFrom(
  {
    '0001_identity.ts': m0001,
    '0002_authorization_codes.ts': m0002,
    '0003_content_model.ts': m0003,
    '0004_rate_limits.ts': m0004,
    '0005_access.ts': m0005,
    '0006_queues.ts': m0006,
    '0007_change_feed.ts': m0007,
    '0008_leader_lease.ts': m0008,
    '0009_tree.ts': m0009,
    '0010_documents.ts': m0010,
    '0011_reply_generation.ts': m0011,
  },
  'main/store/postgres/migrations',
);
