/**
 * What moved: one row per file with its progress, newest first, virtualized for long histories;
 * filtered by what happened and by words, each row saying what happened and offering to show the
 * file in its folder or open it.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import type { ActivityEntry } from '../../../shared/desktop/api.ts';
import { ACTIVITY_FILTERS, activityVerb, inFilter, matchesText, transferPace, type ActivityFilter } from '../activityView.ts';
import { Badge, Empty, ErrorNote, ProgressBar, Screen } from '../components/ui.tsx';
import { directionView } from '../direction.ts';
import { bytes, when } from '../format.ts';
import { useAction, useActivityVersion, useLive } from '../state.tsx';

const ROW_HEIGHT = 56;

export function Activity() {
  const { api, activity, status } = useLive();
  const version = useActivityVersion(activity);
  const scroller = useRef<HTMLDivElement>(null);
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const [text, setText] = useState('');
  const [shownPath, setShownPath] = useState('');
  const { error, run } = useAction();
  const filterId = useId();
  const textId = useId();
  const names = useMemo(() => new Map((status?.pairs ?? []).map((p) => [p.pairId, p.containerName])), [status?.pairs]);
  // Everything, unfiltered, reads the store in place; a filter picks its rows once per change of the stream.
  const picked = useMemo(() => {
    if (filter === 'all' && !text.trim()) return null;
    const out: ActivityEntry[] = [];
    for (let i = 0; i < activity.size; i++) {
      const e = activity.at(i);
      if (e && inFilter(e, filter) && matchesText(e, names.get(e.pairId) ?? '', text)) out.push(e);
    }
    return out;
    // The store changes in place: its version says when to pick again.
  }, [activity, version, filter, text, names]);
  const count = picked ? picked.length : activity.size;
  const at = (i: number) => (picked ? picked[i] : activity.at(i));
  const rows = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  const reveal = async (e: ActivityEntry, how: 'show' | 'open') => {
    setShownPath('');
    const r = await run(() => (how === 'show' ? api.showActivityInFolder({ seq: e.seq }) : api.openActivityFile({ seq: e.seq })));
    if (r && !r.opened) setShownPath(r.path);
  };

  return (
    <Screen title="Activity" actions={<span className="muted">{picked ? `${count.toLocaleString()} of ${activity.size.toLocaleString()} entries` : `${activity.size.toLocaleString()} entries`}</span>}>
      <div className="activity-tools">
        <div>
          <label htmlFor={filterId}>Show</label>{' '}
          <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as ActivityFilter)}>
            {ACTIVITY_FILTERS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="activity-search">
          <label htmlFor={textId}>Find in activity</label>{' '}
          <input id={textId} type="search" value={text} placeholder="File or folder name" onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <ErrorNote error={error} />
      {shownPath ? (
        <p className="note" role="status">
          No file manager to ask here: the file is at <span className="code">{shownPath}</span>
        </p>
      ) : null}
      {activity.size === 0 ? (
        <Empty title="Nothing has moved yet">
          <p>Files appear here as they upload and download.</p>
        </Empty>
      ) : count === 0 ? (
        <Empty title="No activity matches" />
      ) : (
        <div ref={scroller} className="activity-scroll" tabIndex={0} role="list" aria-label="Activity">
          <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
            {rows.getVirtualItems().map((v) => {
              const e = at(v.index);
              if (!e) return null;
              const hasFile = e.path !== '' && e.kind !== 'error' && e.kind !== 'round';
              const actions = (
                <span className="activity-actions">
                  {hasFile ? (
                    <button type="button" className="link" onClick={() => void reveal(e, 'show')} aria-label={`Show ${e.path} in folder`}>
                      Show in folder
                    </button>
                  ) : null}
                  {hasFile && e.kind !== 'delete' ? (
                    <button type="button" className="link" onClick={() => void reveal(e, 'open')} aria-label={`Open ${e.path}`}>
                      Open
                    </button>
                  ) : null}
                </span>
              );
              // Measured, not fixed: a narrow window stacks a row's parts and makes it taller.
              return (
                <ActivityRow
                  key={e.seq}
                  ref={rows.measureElement}
                  data-index={v.index}
                  entry={e}
                  pairName={names.get(e.pairId)}
                  actions={actions}
                  aria-setsize={count}
                  aria-posinset={v.index + 1}
                  style={{ transform: `translateY(${v.start}px)` }}
                />
              );
            })}
          </div>
        </div>
      )}
    </Screen>
  );
}

type RowProps = HTMLAttributes<HTMLDivElement> & {
  entry: ActivityEntry;
  pairName: string | undefined;
  /** "Show in folder" and "Open", where the screen offers them; the tray panel shows none. */
  actions?: ReactNode;
  ref?: Ref<HTMLDivElement>;
  'data-index'?: number;
};

/** One entry: which way it went, what happened to which file, where and when, its progress and pace, its state. The tray panel shows the same rows. */
export function ActivityRow({ entry: e, pairName, actions, ref, ...rest }: RowProps) {
  const direction = directionView(e.direction, e.state);
  return (
    <div ref={ref} role="listitem" className="activity-row" data-state={e.state} data-kind={e.kind} {...rest}>
      {direction ? (
        <span className="activity-direction" data-direction={e.direction} role="img" aria-label={direction.label} title={direction.label}>
          {direction.glyph}
        </span>
      ) : (
        <span className="activity-direction" aria-hidden="true" />
      )}
      <div className="activity-main">
        <span className="activity-path" title={e.path}>
          <span className="activity-verb">{activityVerb(e)}</span> {e.path || e.message}
        </span>
        <span className="muted small">
          {[pairName, when(e.time), e.kind === 'transfer' ? `${bytes(e.bytesDone)} of ${bytes(e.bytesTotal)}` : '', e.path ? e.message : ''].filter(Boolean).join(' · ')}
        </span>
      </div>
      {e.kind === 'transfer' ? (
        <div className="activity-transfer">
          <ProgressBar done={e.state === 'done' ? 1 : e.bytesDone} total={e.state === 'done' ? 1 : e.bytesTotal} label={`Progress of ${e.path}`} />
          {e.state === 'running' ? <span className="muted small activity-pace">{transferPace(e)}</span> : null}
        </div>
      ) : (
        <span />
      )}
      {actions ?? <span />}
      <Badge state={e.state} />
    </div>
  );
}
