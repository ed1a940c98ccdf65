/** Conflicted copies and how to settle each one. */
import { useCallback, useEffect, useState } from 'react';
import type { Conflict, ResolveConflictArgs } from '../../../shared/desktop/api.ts';
import { Empty, ErrorNote, Screen } from '../components/ui.tsx';
import { bytes, when } from '../format.ts';
import { useAction, useLive } from '../state.tsx';

export function Conflicts() {
  const { api, status } = useLive();
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  const { error, run } = useAction();
  const load = useCallback(async () => {
    const list = await run(() => api.listConflicts({}));
    if (list) setConflicts(list);
  }, [api, run]);
  const total = status?.pairs.reduce((n, p) => n + p.conflicts, 0) ?? 0;
  useEffect(() => {
    void load();
  }, [load, total]);

  return (
    <Screen title="Conflicts">
      <ErrorNote error={error} />
      {conflicts && conflicts.length === 0 ? (
        <Empty title="No conflicts">
          <p>When a file changes here and on the service at once, both versions are kept and show up here.</p>
        </Empty>
      ) : null}
      <ul className="conflicts" aria-label="Conflicts">
        {(conflicts ?? []).map((c) => (
          <ConflictCard key={c.conflictId} conflict={c} onResolved={load} />
        ))}
      </ul>
    </Screen>
  );
}

function ConflictCard({ conflict: c, onResolved }: { conflict: Conflict; onResolved: () => Promise<void> }) {
  const { api } = useLive();
  const { busy, error, run } = useAction();
  const [paths, setPaths] = useState<{ original: string; copy: string } | null>(null);
  const resolve = async (keep: ResolveConflictArgs['keep']) => {
    if (await run(() => api.resolveConflict({ conflictId: c.conflictId, keep }))) await onResolved();
  };
  return (
    <li className="card conflict" aria-label={`Conflict on ${c.path}`}>
      <h2 className="conflict-title">{c.path}</h2>
      <p className="muted">Changed here and on the service ({c.stamp}). Both versions are kept until you choose.</p>
      <div className="versions-compare">
        <div>
          <h3>Service version</h3>
          <p>{c.originalExists ? `${bytes(c.originalSize)} · changed ${when(c.originalModified)}` : 'gone'}</p>
          <p className="mono small">{c.path}</p>
        </div>
        <div>
          <h3>Your copy</h3>
          <p>
            {bytes(c.copySize)} · changed {when(c.copyModified)}
          </p>
          <p className="mono small">{c.copyPath}</p>
        </div>
      </div>
      {paths ? (
        <p className="note small">
          Files: <span className="mono">{paths.original}</span> and <span className="mono">{paths.copy}</span>
        </p>
      ) : null}
      <ErrorNote error={error} />
      <div className="actions">
        <button type="button" onClick={() => void resolve('original')} disabled={busy}>
          Keep service version
        </button>
        <button type="button" className="primary" onClick={() => void resolve('copy')} disabled={busy}>
          Keep my copy
        </button>
        <button type="button" onClick={() => void resolve('both')} disabled={busy}>
          Keep both
        </button>
        <button type="button" className="ghost" onClick={() => void run(() => api.openConflict({ conflictId: c.conflictId })).then((p) => p && setPaths(p))}>
          Open both
        </button>
      </div>
    </li>
  );
}
