/**
 * Said on the screens that read the service (Documents, Shares) while it is away: what they show
 * is the copy on this computer (the local server's mirror), as of the last sync that refreshed it.
 */
import type { Status } from '../../../shared/desktop/api.ts';
import { useLive } from '../state.tsx';

/** The newest of the pairs' last syncs; the moment the service went away when none is known. */
export function mirrorAsOf(status: Status): string {
  const latest = status.pairs.map((p) => p.lastSyncAt).filter(Boolean).sort().pop();
  return latest ?? status.offline.since;
}

export function MirrorNote() {
  const { status } = useLive();
  if (!status?.offline.offline) return null;
  const asOf = mirrorAsOf(status);
  return (
    <p className="note" role="status">
      <strong>Offline — showing the copy on this computer</strong>
      {asOf ? `, as of ${new Date(asOf).toLocaleString()}` : ''}. Changes made on the service since then show when it is back.
    </p>
  );
}
