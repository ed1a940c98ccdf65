/** The sync pairs: their state and progress, and adding a new one. */
import { useEffect, useState, type FormEvent } from 'react';
import type { PairStatus, PendingDeletesPage } from '../../../shared/desktop/api.ts';
import { Browser } from '../components/Browser.tsx';
import { FolderPicker } from '../components/FolderPicker.tsx';
import { ConnectServiceButton } from '../components/LocalOnly.tsx';
import { Badge, Empty, ErrorNote, Screen, StateBar } from '../components/ui.tsx';
import { bytes, when } from '../format.ts';
import { useAction, useLive } from '../state.tsx';
import { Problems } from './Problems.tsx';

export function Pairs() {
  const { status, account } = useLive();
  const [adding, setAdding] = useState(false);
  const connected = account?.signedIn ?? false;
  const pairs = status?.pairs ?? [];
  const p = status?.progress;
  return (
    <Screen
      title="Sync pairs"
      actions={
        connected ? (
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add a folder
          </button>
        ) : null
      }
    >
      {status ? (
        <div className="card overall">
          <div className="overall-head">
            <Badge state={status.state} />
            <span>
              {p && p.filesTotal > 0 ? `${p.filesDone} of ${p.filesTotal} files · ${bytes(p.bytesDone)} of ${bytes(p.bytesTotal)}` : `${pairs.length} folder${pairs.length === 1 ? '' : 's'}`}
            </span>
          </div>
          {p ? <StateBar state={status.state} progress={p} label="Overall progress" /> : null}
        </div>
      ) : null}
      {adding ? <AddPair onDone={() => setAdding(false)} /> : null}
      {pairs.length === 0 && !connected ? (
        <Empty title="No service connected">
          <p>Folio keeps a folder on this computer and a folder on a Folio service the same, both ways. Connect a service to add a folder.</p>
          <ConnectServiceButton />
        </Empty>
      ) : null}
      {pairs.length === 0 && connected && !adding ? (
        <Empty title="No folders sync yet">
          <p>Pick a folder on this computer and a folder on the service; Folio keeps them the same, both ways.</p>
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add a folder
          </button>
        </Empty>
      ) : null}
      <ul className="pairs" aria-label="Sync pairs">
        {pairs.map((pair) => (
          <PairCard key={pair.pairId} pair={pair} />
        ))}
      </ul>
    </Screen>
  );
}

function PairCard({ pair }: { pair: PairStatus }) {
  const { api, settings } = useLive();
  const { busy, error, run } = useAction();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const paused = pair.state === 'PAUSED';
  // "Pause all syncing" stands above every folder: a folder's own Resume cannot lift it, so it is disabled and says why.
  const pausedAll = settings?.settings.pauseAll ?? false;
  const canResumeAll = pausedAll && !(settings?.locked ?? []).includes('pauseAll');
  const leftOut = pair.settings.excludedFolders.length;
  const pausedAllId = `paused-all-${pair.pairId}`;
  const pr = pair.progress;
  return (
    <li className="card pair" aria-label={`Pair ${pair.containerName || pair.containerId}`} data-state={pair.state}>
      <div className="pair-head">
        <div>
          <h2 className="pair-title">{pair.containerName || pair.containerId}</h2>
          <p className="muted pair-dir" title={pair.dir}>
            {pair.dir}
          </p>
        </div>
        <Badge state={pair.state} />
      </div>
      {pausedAll ? (
        <p className="note note-warn" id={pausedAllId}>
          All syncing is paused, so this folder's own Resume cannot start it.{' '}
          {canResumeAll ? (
            <button type="button" className="link" onClick={() => void run(() => api.updateSettings({ pauseAll: false }))} disabled={busy}>
              Resume all syncing
            </button>
          ) : null}
        </p>
      ) : pair.stateReason ? (
        <p className={`note ${pair.state === 'ERROR' ? 'note-error' : 'note-warn'}`}>{pair.stateReason}</p>
      ) : null}
      {leftOut > 0 ? (
        <p className="small left-out">
          <span className="badge badge-muted">not syncing — left out by you</span> {leftOut === 1 ? '1 folder stays' : `${leftOut} folders stay`} on this computer but no longer
          sync{leftOut === 1 ? 's' : ''}; change it under Settings, Folders to sync.
        </p>
      ) : null}
      {pair.state === 'WAITING' ? <HeldBack pair={pair} /> : null}
      <StateBar state={pair.state} progress={pr} label={`Progress of ${pair.containerName}`} />
      <dl className="facts">
        <div>
          <dt>Files</dt>
          <dd>{pair.files}</dd>
        </div>
        <div>
          <dt>This round</dt>
          <dd>
            {pr.filesDone}/{pr.filesTotal}
          </dd>
        </div>
        <div>
          <dt>Conflicts</dt>
          <dd>{pair.conflicts}</dd>
        </div>
        <div>
          <dt>Last in sync</dt>
          <dd>{when(pair.lastSyncAt)}</dd>
        </div>
      </dl>
      {pair.leftOut > 0 ? <Problems pair={pair} /> : null}
      {pair.errors.length > 0 && pair.state !== 'ERROR' ? (
        <details className="errors">
          <summary>{pair.errors.length} item(s) could not sync</summary>
          <ul>
            {pair.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <ErrorNote error={error} />
      <div className="actions">
        {paused ? (
          <button
            type="button"
            onClick={() => void run(() => api.resumePair({ pairId: pair.pairId }))}
            disabled={busy || pausedAll}
            {...(pausedAll ? { 'aria-describedby': pausedAllId, title: 'All syncing is paused' } : {})}
          >
            Resume
          </button>
        ) : (
          <button type="button" onClick={() => void run(() => api.pausePair({ pairId: pair.pairId }))} disabled={busy}>
            Pause
          </button>
        )}
        <button type="button" onClick={() => void run(() => api.syncNow({ pairId: pair.pairId }))} disabled={busy || paused}>
          Sync now
        </button>
        {confirmRemove ? (
          <span className="confirm" role="group" aria-label="Confirm removal">
            Stop syncing? Nothing is deleted.
            <button type="button" className="danger" onClick={() => void run(() => api.removePair({ pairId: pair.pairId }))}>
              Remove
            </button>
            <button type="button" onClick={() => setConfirmRemove(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" className="ghost" onClick={() => setConfirmRemove(true)}>
            Remove…
          </button>
        )}
      </div>
    </li>
  );
}

const HELD_PAGE = 50;

/**
 * What the pair waits for: a mass delete lists what it holds back, page by page, and offers both
 * answers; another guard (a missing folder) keeps its one "Go ahead".
 */
function HeldBack({ pair }: { pair: PairStatus }) {
  const { api } = useLive();
  const { busy, error, run } = useAction();
  const [page, setPage] = useState(1);
  const [held, setHeld] = useState<PendingDeletesPage | null>(null);
  useEffect(() => {
    void api.listPendingDeletes({ pairId: pair.pairId, pageNumber: page, pageSize: HELD_PAGE }).then((r) => r.ok && setHeld(r.value));
  }, [api, pair.pairId, pair.stateReason, page]);
  if (!held) return null;
  if (held.totalElements === 0) {
    return (
      <div className="actions">
        <button type="button" className="danger" onClick={() => void run(() => api.confirmDeletes({ pairId: pair.pairId }))} disabled={busy}>
          Go ahead
        </button>
        <ErrorNote error={error} />
      </div>
    );
  }
  const onService = held.items.some((i) => i.side === 'service');
  const pages = Math.max(1, Math.ceil(held.totalElements / HELD_PAGE));
  return (
    <section className="held-back" aria-label="Deletes held back">
      <p>
        {held.files} file{held.files === 1 ? ' was' : 's were'} deleted {onService ? 'on this computer' : 'on the service'}. Folio holds the deletes back until you choose:
      </p>
      <ul className="held-list mono" aria-label="Files held back">
        {held.items.map((i) => (
          <li key={`${i.side}:${i.path}`}>{i.kind === 'dir' ? `${i.path}/` : i.path}</li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="actions pager">
          <button type="button" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            Previous
          </button>
          <span className="muted small">
            Page {page} of {pages}
          </span>
          <button type="button" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            Next
          </button>
        </div>
      ) : null}
      <ErrorNote error={error} />
      <div className="actions">
        <button type="button" className="primary" onClick={() => void run(() => api.restoreDeletes({ pairId: pair.pairId }))} disabled={busy}>
          Restore them
        </button>
        <button type="button" className="danger" onClick={() => void run(() => api.confirmDeletes({ pairId: pair.pairId }))} disabled={busy}>
          {onService ? 'Delete them on the service too' : 'Delete them here too'}
        </button>
      </div>
    </section>
  );
}

function AddPair({ onDone }: { onDone: () => void }) {
  const { api } = useLive();
  const [dir, setDir] = useState('');
  const [target, setTarget] = useState<{ containerId: string; name: string } | null>(null);
  const [browsing, setBrowsing] = useState(false);
  const { busy, error, run, clear } = useAction();
  const add = async (create: boolean) => {
    if (!target) return;
    if (await run(() => api.addPair({ dir: dir.trim(), containerId: target.containerId, ...(create ? { create } : {}) }))) onDone();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await add(false);
  };
  // Electron answers with the system's dialog; headless there is none, and the UI's own picker opens.
  const browse = async () => {
    const picked = await run(() => api.pickFolder({}));
    if (!picked) return;
    if (!picked.native) setBrowsing(true);
    else if (picked.path) setDir(picked.path);
  };
  const missing = error?.code === 'FOLDER_MISSING';
  return (
    <form className="card add-pair" onSubmit={submit} aria-labelledby="add-pair-title">
      <h2 id="add-pair-title">Add a folder</h2>
      <label>
        Folder on this computer
        <input
          required
          value={dir}
          onChange={(e) => {
            setDir(e.target.value);
            if (missing) clear();
          }}
          placeholder="/home/you/Documents/Projects"
          spellCheck={false}
        />
      </label>
      {browsing ? (
        <FolderPicker
          onPick={(path) => {
            setDir(path);
            setBrowsing(false);
            clear();
          }}
          onCancel={() => setBrowsing(false)}
        />
      ) : (
        <button type="button" onClick={() => void browse()} disabled={busy}>
          Browse…
        </button>
      )}
      <div className="field">
        <span className="field-label">Folder on the service</span>
        {target ? (
          <p className="picked">
            <span className="icon-folder" aria-hidden="true" /> {target.name}{' '}
            <button type="button" className="link" onClick={() => setTarget(null)}>
              change
            </button>
          </p>
        ) : (
          <Browser onPickContainer={setTarget} />
        )}
      </div>
      {missing ? (
        <div className="note note-warn" role="alertdialog" aria-label="Create the folder?">
          <p className="note-text">Create folder {dir.trim()}? It does not exist yet.</p>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void add(true)} disabled={busy}>
              Create folder
            </button>
            <button type="button" onClick={clear}>
              Don't create
            </button>
          </div>
        </div>
      ) : (
        <ErrorNote error={error} />
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !target || !dir.trim()}>
          {busy ? 'Adding…' : 'Start syncing'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
