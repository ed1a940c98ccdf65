/** How Activity reads: the filter's groups, the verb of each row, and a running transfer's speed and time left. */
import type { ActivityEntry } from '../../shared/desktop/api.ts';
import { bytes } from './format.ts';

export const ACTIVITY_FILTERS = [
  { id: 'all', label: 'Everything' },
  { id: 'uploads', label: 'Uploads' },
  { id: 'downloads', label: 'Downloads' },
  { id: 'deletes', label: 'Deletes' },
  { id: 'moves', label: 'Moves' },
  { id: 'conflicts', label: 'Conflicts' },
  { id: 'errors', label: 'Errors' },
] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number]['id'];

/** Whether an entry belongs to a filter's group; a failed transfer is an error as well as an upload or download. */
export function inFilter(e: ActivityEntry, filter: ActivityFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'uploads':
      return e.kind === 'transfer' && e.direction === 'upload';
    case 'downloads':
      return e.kind === 'transfer' && e.direction === 'download';
    case 'deletes':
      return e.kind === 'delete';
    case 'moves':
      return e.kind === 'move';
    case 'conflicts':
      return e.kind === 'conflict';
    case 'errors':
      return e.kind === 'error' || e.state === 'failed';
    default: {
      const unknown: never = filter;
      throw new Error(`unknown activity filter ${String(unknown)}`);
    }
  }
}

/** Whether an entry's path, message or folder name holds the typed words, case aside. */
export function matchesText(e: ActivityEntry, folder: string, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = `${e.path}\n${e.message}\n${folder}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** The word a row leads with: what happened to the file. */
export function activityVerb(e: ActivityEntry): string {
  switch (e.kind) {
    case 'transfer':
      if (e.direction === 'upload') return e.state === 'running' ? 'Uploading' : e.state === 'done' ? 'Uploaded' : 'Upload failed';
      return e.state === 'running' ? 'Downloading' : e.state === 'done' ? 'Downloaded' : 'Download failed';
    case 'delete':
      return e.direction === 'deleteHere' ? 'Deleted here' : 'Deleted on service';
    case 'move':
      return e.direction === 'moveHere' ? 'Moved here' : 'Moved on service';
    case 'conflict':
      return 'Conflict';
    case 'error':
      return 'Error';
    case 'round':
      return 'Synced';
    default: {
      const unknown: never = e.kind;
      throw new Error(`unknown activity kind ${String(unknown)}`);
    }
  }
}

/** "1.2 MB/s · 14 s left" for a running transfer; "—" until the core has measured its speed. */
export function transferPace(e: ActivityEntry): string {
  const rate = e.bytesPerSecond;
  if (e.state !== 'running' || !rate) return '—';
  return `${bytes(rate)}/s · ${duration((e.bytesTotal - e.bytesDone) / rate)} left`;
}

function duration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
