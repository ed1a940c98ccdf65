/**
 * How many files in a pair's folder the service has not got yet: new files, and files whose
 * content differs from the last state both sides agreed on. Counted from the disk, so it is right
 * while offline too, when the engine does not scan; a file is hashed only when its size or mtime
 * differ from the engine's last scan.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hashFile } from '../remote/transfer.ts';
import type { SyncStore } from '../store/sync/index.ts';
import type { PairRecord } from '../sync/model.ts';
import { IgnoreRules } from '../sync/ignore.ts';
import { syncedPaths } from './refresh.ts';

export async function pendingUploads(sync: SyncStore, pair: PairRecord): Promise<number> {
  const synced = syncedPaths(sync.loadTree(pair.pairId, 'synced'), pair.containerId);
  const local = sync.loadTree(pair.pairId, 'local');
  const seen = new Map([...sync.loadLocalMeta(pair.pairId).values()].map((m) => [m.path, m]));
  const rules = await IgnoreRules.forDir(pair.dir);
  let count = 0;
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(join(pair.dir, ...rel.split('/').filter(Boolean)), { withFileTypes: true }).catch(() => [])) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (rules.ignores(path, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        await walk(path);
        continue;
      }
      if (!entry.isFile()) continue;
      const agreed = synced.get(path);
      if (!agreed || agreed.kind !== 'file') {
        count++;
        continue;
      }
      const abs = join(pair.dir, ...path.split('/'));
      const st = await stat(abs, { bigint: true }).catch(() => null);
      if (!st) continue;
      const meta = seen.get(path);
      const unchanged = meta && meta.size === Number(st.size) && meta.mtimeMs === Number(st.mtimeNs / 1000n) / 1000 && local.get(meta.id)?.hash === agreed.hash;
      if (!unchanged && (await hashFile(abs).catch(() => null))?.hash !== agreed.hash) count++;
    }
  };
  await walk('');
  return count;
}
