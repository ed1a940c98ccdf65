/** What the tray and the taskbar show for a status: pure, so tests read it. */
import type { Status } from '../../shared/desktop/api.ts';

export interface TrayView {
  tooltip: string;
  /** Which tray image: one per overall state. */
  icon: 'idle' | 'syncing' | 'paused' | 'offline' | 'attention' | 'signed-out';
  /** The taskbar/dock progress: 0..1 while transferring, -1 for none. */
  progress: number;
}

export function trayView(s: Status): TrayView {
  const p = s.progress;
  const progress = s.state === 'SYNCING' && p.bytesTotal > 0 ? Math.min(1, p.bytesDone / p.bytesTotal) : -1;
  switch (s.state) {
    case 'SIGNED_OUT':
      return { tooltip: 'Folio: not signed in', icon: 'signed-out', progress: -1 };
    case 'LOCAL_ONLY':
      return { tooltip: 'Folio: local only, no service connected', icon: 'signed-out', progress: -1 };
    case 'SYNCING':
      return { tooltip: `Folio: syncing ${p.filesDone} of ${p.filesTotal} files`, icon: 'syncing', progress };
    case 'PAUSED':
      return { tooltip: 'Folio: paused', icon: 'paused', progress: -1 };
    case 'OFFLINE': {
      const waiting = s.offline.outboxLength + s.offline.pendingUploads;
      return { tooltip: `Folio: offline${waiting > 0 ? `, ${waiting} change${waiting === 1 ? '' : 's'} waiting` : ''}`, icon: 'offline', progress: -1 };
    }
    case 'ATTENTION': {
      const conflicts = s.pairs.reduce((n, x) => n + x.conflicts, 0);
      return { tooltip: conflicts > 0 ? `Folio: ${conflicts} conflict${conflicts === 1 ? '' : 's'} to resolve` : 'Folio: needs your attention', icon: 'attention', progress: -1 };
    }
    case 'IDLE':
      return { tooltip: 'Folio: up to date', icon: 'idle', progress: -1 };
  }
}
