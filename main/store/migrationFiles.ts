/**
 * The rules for a folder of migrations: one per file, named NNNN_name.ts, each exporting its SQL as
 * `up`, no two sharing a number, applied in number order.
 */
export interface Migration {
  version: number;
  name: string;
  up: string;
}

export interface MigrationModule {
  up?: unknown;
}

export const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.ts$/;

/**
 * The migrations of one folder, from its modules keyed by file name in number order. Every file must
 * be a migration: a misnamed file would otherwise be skipped in silence and its schema change would
 * never reach any database.
 */
export function migrationsFrom(modules: Record<string, MigrationModule>, where: string): Migration[] {
  const migrations: Migration[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    const match = MIGRATION_FILE.exec(file);
    if (!match?.[1]) throw new Error(`${where}/${file}: migration files are named NNNN_name.ts (name in a-z, 0-9, _)`);
    const version = Number(match[1]);
    if (typeof mod.up !== 'string') throw new Error(`migration ${file} does not export its SQL as 'up'`);
    const twin = migrations.find((m) => m.version === version);
    if (twin) throw new Error(`migrations ${twin.name} and ${file} share number ${version}`);
    const last = migrations.at(-1);
    if (last && last.version > version) throw new Error(`${where}: migration ${file} is listed after ${last.name}`);
    migrations.push({ version, name: file, up: mod.up });
  }
  return migrations;
}
