/** Small shared pieces: progress bars, badges, notes, empty states. */
import type { ReactNode } from 'react';
import type { DesktopError, Progress } from '../../../shared/desktop/api.ts';
import { percent } from '../format.ts';

/**
 * The bar for a pair or for everything: measured progress while a round moves files; full when up
 * to date; an indeterminate sweep while a round looks for work; none otherwise.
 */
export function StateBar({ state, progress, label }: { state: string; progress: Progress; label: string }) {
  if (progress.filesTotal > 0 && (state === 'SYNCING' || state === 'IDLE' || state === 'STARTING')) return <ProgressBar done={progress.bytesDone} total={Math.max(progress.bytesTotal, 1)} label={label} />;
  if (state === 'IDLE') return <ProgressBar done={1} total={1} label={label} />;
  if (state === 'SYNCING' || state === 'STARTING') return <div className="progress progress-indeterminate" role="progressbar" aria-label={label} aria-busy="true" data-complete="false" />;
  return null;
}

export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const p = percent(done, total);
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={p} data-complete={total > 0 && done >= total ? 'true' : 'false'}>
      <div className="progress-fill" style={{ width: `${p}%` }} />
    </div>
  );
}

const TONES: Record<string, string> = {
  IDLE: 'ok',
  SYNCING: 'busy',
  STARTING: 'busy',
  PAUSED: 'muted',
  WAITING: 'warn',
  OFFLINE: 'warn',
  ERROR: 'bad',
  ATTENTION: 'warn',
  SIGNED_OUT: 'muted',
  LOCAL_ONLY: 'muted',
  done: 'ok',
  running: 'busy',
  failed: 'bad',
};

const LABELS: Record<string, string> = {
  IDLE: 'Up to date',
  SYNCING: 'Syncing',
  STARTING: 'Starting',
  PAUSED: 'Paused',
  WAITING: 'Needs you',
  OFFLINE: 'Offline',
  ERROR: 'Error',
  ATTENTION: 'Needs attention',
  SIGNED_OUT: 'Signed out',
  LOCAL_ONLY: 'Local only',
  done: 'Done',
  running: 'Transferring',
  failed: 'Failed',
};

export function Badge({ state }: { state: string }) {
  return <span className={`badge badge-${TONES[state] ?? 'muted'}`}>{LABELS[state] ?? state}</span>;
}

/** A failure in words; codes and technical detail sit under "Details", for whoever helps the person. */
export function ErrorNote({ error }: { error: DesktopError | null }) {
  if (!error) return null;
  const technical = [error.detail, error.serviceCode !== undefined ? `code ${error.serviceCode}` : ''].filter(Boolean).join(' · ');
  return (
    <div className="note note-error" role="alert">
      <p className="note-text">{error.message}</p>
      {technical ? (
        <details className="note-details">
          <summary>Details</summary>
          <p className="code small">{technical}</p>
        </details>
      ) : null}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}

export function Screen({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-header">
        <h1 id="screen-title">{title}</h1>
        {actions ? <div className="screen-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
