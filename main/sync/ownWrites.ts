/**
 * What the engine itself just did to the pair's folder, so that the watcher can tell its echo
 * from a user's change: every download would otherwise come back as an event, and cost one more
 * round. Nextcloud desktop keeps such a list (SyncEngine::wasFileTouched); this one also checks
 * what it can: a file matches only with the size and mtime the engine left it with, so a user's
 * edit right after a download still counts. Entries expire: an event that comes later is taken
 * for the user's, and a round that finds nothing to do costs little.
 */
import { missingCaseError } from '../../shared/missingCaseError.ts';

export interface FileSeen {
  size: number;
  mtimeMs: number;
}

/** The watcher events that concern the engine (chokidar's names). */
export type WatchEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

type Entry = { at: number } & ({ kind: 'file'; seen: FileSeen } | { kind: 'dir' } | { kind: 'gone' });

// Long enough for a watcher on a busy machine to report a write; short enough that a user's
// change to the same path with the same size and mtime is all but impossible within it.
const TTL_MS = 15_000;

export class OwnWrites {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A file the engine is about to put at `rel`, as it will look there (a rename keeps size and mtime). */
  file(rel: string, seen: FileSeen): void {
    this.put(rel, { at: this.now(), kind: 'file', seen: { size: seen.size, mtimeMs: seen.mtimeMs } });
  }

  /** A folder the engine creates at `rel` (what appears inside it is recorded on its own). */
  dir(rel: string): void {
    this.put(rel, { at: this.now(), kind: 'dir' });
  }

  /** A path the engine removes or moves away: it and everything below it. */
  gone(rel: string): void {
    this.put(rel, { at: this.now(), kind: 'gone' });
  }

  /** Whether a watcher's event on `rel` (with the stats it saw, for a file) is the echo of the engine's own write. */
  isEcho(event: WatchEvent, rel: string, stats?: FileSeen): boolean {
    this.expire();
    switch (event) {
      case 'add':
      case 'change': {
        const e = this.entries.get(rel);
        return e?.kind === 'file' && stats !== undefined && e.seen.size === stats.size && e.seen.mtimeMs === stats.mtimeMs;
      }
      case 'addDir':
        return this.entries.get(rel)?.kind === 'dir';
      case 'unlink':
      case 'unlinkDir':
        for (let p = rel; p !== ''; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '') if (this.entries.get(p)?.kind === 'gone') return true;
        return false;
      default:
        throw missingCaseError(event);
    }
  }

  /** Re-inserted, not updated in place: the map then iterates oldest first, and expire() stops at the first young entry. */
  private put(rel: string, entry: Entry): void {
    this.entries.delete(rel);
    this.entries.set(rel, entry);
  }

  private expire(): void {
    const oldest = this.now() - TTL_MS;
    for (const [rel, e] of this.entries) {
      if (e.at >= oldest) return;
      this.entries.delete(rel);
    }
  }
}
