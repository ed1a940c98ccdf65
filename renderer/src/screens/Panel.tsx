/**
 * The compact tray panel, as Dropbox and OneDrive have one: the state, the problems, the latest
 * activity and pause/resume. Electron's tray window loads it as #panel, and so does a browser tab
 * in headless mode; it is built from the main window's own parts.
 */
import type { ActivityEntry, Status } from '../../../shared/desktop/api.ts';
import { BrandMark } from '../components/BrandMark.tsx';
import { Badge, Empty, ErrorNote, StateBar } from '../components/ui.tsx';
import { useAction, useActivityVersion, useLive } from '../state.tsx';
import { ActivityRow } from './Activity.tsx';

const RECENT = 5;

/** What needs the person: conflicted copies and items the last round could not sync. */
function problemCount(status: Status | null): number {
  return (status?.pairs ?? []).reduce((n, p) => n + p.conflicts + p.errors.length, 0);
}

function summary(status: Status | null): string {
  if (!status) return '';
  const p = status.progress;
  if (p.filesTotal > 0) return `${p.filesDone} of ${p.filesTotal} files`;
  const n = status.pairs.length;
  return `${n} folder${n === 1 ? '' : 's'}`;
}

export function Panel() {
  const { api, status, settings, activity, setSettings } = useLive();
  useActivityVersion(activity);
  const { busy, error, run } = useAction();
  const paused = settings?.settings.pauseAll ?? false;
  const locked = settings?.locked.includes('pauseAll') ?? false;
  const problems = problemCount(status);
  const names = new Map((status?.pairs ?? []).map((p) => [p.pairId, p.containerName]));
  const recent = Array.from({ length: Math.min(RECENT, activity.size) }, (_, i) => activity.at(i)).filter((e): e is ActivityEntry => e !== undefined);
  const togglePause = async () => {
    const v = await run(() => api.updateSettings({ pauseAll: !paused }));
    if (v) setSettings(v);
  };
  return (
    <main className="panel" aria-labelledby="panel-title">
      <header className="panel-head">
        <h1 id="panel-title" className="brand">
          <BrandMark />
          Folio
        </h1>
        <span role="status" aria-label="Sync state">
          {status ? <Badge state={status.state} /> : null}
        </span>
      </header>
      {status ? (
        <section className="panel-section" aria-label="Progress">
          <p className="panel-summary">{summary(status)}</p>
          <StateBar state={status.state} progress={status.progress} label="Overall progress" />
        </section>
      ) : null}
      {paused ? (
        <p className="note" role="status">
          Syncing is paused: nothing uploads or downloads until you resume.
        </p>
      ) : null}
      <section className="panel-section" aria-labelledby="panel-problems">
        <h2 id="panel-problems">Problems</h2>
        <p className={problems > 0 ? 'note note-warn' : 'muted'} data-count={problems}>
          {problems === 0 ? 'None: every item synced.' : `${problems} item${problems === 1 ? '' : 's'} need${problems === 1 ? 's' : ''} you; open Folio to see ${problems === 1 ? 'it' : 'them'}.`}
        </p>
      </section>
      <section className="panel-section" aria-labelledby="panel-recent">
        <h2 id="panel-recent">Recent activity</h2>
        {recent.length === 0 ? (
          <Empty title="Nothing has moved yet">
            <p>Files appear here as they upload and download.</p>
          </Empty>
        ) : (
          <div className="panel-activity" role="list" aria-labelledby="panel-recent">
            {recent.map((e) => (
              <ActivityRow key={e.seq} entry={e} pairName={names.get(e.pairId)} />
            ))}
          </div>
        )}
      </section>
      <ErrorNote error={error} />
      <footer className="panel-actions">
        <button type="button" className={paused ? 'primary' : ''} disabled={busy || locked} onClick={() => void togglePause()}>
          {paused ? 'Resume syncing' : 'Pause syncing'}
        </button>
        {locked ? <span className="muted small">Set by your administrator</span> : null}
      </footer>
    </main>
  );
}
