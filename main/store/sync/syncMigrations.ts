/**
 * The desktop's sync-state database's migrations (./migrations, sync.db), listed so that the bundle in
 * dist/node carries them: a bundler cannot follow a folder read at run time. A new migration gets its
 * line here, in number order; test/unit/store/migrationRegistry.test.ts fails while a file is missing
 * or out of order.
 */
import * as m0001 from './migrations/0001_pairs.ts';
import * as m0002 from './migrations/0002_incremental.ts';
import * as m0003 from './migrations/0003_remap_by_key.ts';
import * as m0004 from './migrations/0004_state_columns.ts';
import * as m0005 from './migrations/0005_left_out.ts';
import * as m0010 from './migrations/0010_desktop.ts';
import * as m0020 from './migrations/0020_offline.ts';
import { migrationsFrom } from '../migrationFiles.ts';

export const SYNC_MIGRATIONS = migrationsFrom(
  {
    '0001_pairs.ts': m0001,
    '0002_incremental.ts': m0002,
    '0003_remap_by_key.ts': m0003,
    '0004_state_columns.ts': m0004,
    '0005_left_out.ts': m0005,
    '0010_desktop.ts': m0010,
    '0020_offline.ts': m0020,
  },
  'main/store/sync/migrations',
);
