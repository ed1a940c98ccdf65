/**
 * The migration registries (main/store/serviceMigrations.ts, main/store/sync/syncMigrations.ts,
 * main/store/postgres/postgresMigrations.ts) that the stores open with: each lists every file of
 * its folder, in number order, with that file's SQL. A migration added to the folder but not to its
 * registry would never run.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationsFrom, type Migration } from '../../../main/store/migrationFiles.ts';
import { POSTGRES_MIGRATIONS } from '../../../main/store/postgres/postgresMigrations.ts';
import { SERVICE_MIGRATIONS } from '../../../main/store/serviceMigrations.ts';
import { SYNC_MIGRATIONS } from '../../../main/store/sync/syncMigrations.ts';

const STORE = resolve(import.meta.dirname, '../../../main/store');

describe.each([
  ['main/store/serviceMigrations.ts', SERVICE_MIGRATIONS, join(STORE, 'migrations')],
  ['main/store/sync/syncMigrations.ts', SYNC_MIGRATIONS, join(STORE, 'sync', 'migrations')],
  ['main/store/postgres/postgresMigrations.ts', POSTGRES_MIGRATIONS, join(STORE, 'postgres', 'migrations')],
])('%s', (_, registry: Migration[], dir: string) => {
  it('lists every file of its folder, in number order', () => {
    const files = readdirSync(dir).sort();
    expect(files.length).toBeGreaterThan(0);
    expect(registry.map((m) => m.name)).toEqual(files);
  });

  it("gives each file's own SQL", async () => {
    for (const m of registry) {
      const mod = (await import(pathToFileURL(join(dir, m.name)).href)) as { up: string };
      expect(m.up, m.name).toBe(mod.up);
    }
  });
});

describe('a registry', () => {
  it('is refused when it lists a migration after a later one', () => {
    expect(() => migrationsFrom({ '0002_b.ts': { up: '' }, '0001_a.ts': { up: '' } }, 'here')).toThrow(/0001_a\.ts is listed after 0002_b\.ts/);
  });

  it('is refused when it names a file wrongly, or a module has no SQL', () => {
    expect(() => migrationsFrom({ '0001_a.sql': { up: '' } }, 'here')).toThrow(/NNNN_name\.ts/);
    expect(() => migrationsFrom({ '0001_a.ts': {} }, 'here')).toThrow(/does not export its SQL/);
  });
});
