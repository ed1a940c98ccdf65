/** What moved: one row per file with its progress, newest first, virtualized for long histories. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type HTMLAttributes, type Ref } from 'react';
import type { ActivityEntry } from '../../../shared/desktop/api.ts';
import { Badge, Empty, ProgressBar, Screen } from '../components/ui.tsx';
import { directionView } from '../direction.ts';
import { bytes, when } from '../format.ts';
import { useActivityVersion, useLive } from '../state.tsx';

const ROW_HEIGHT = 56;

export function Activity() {
  const { activity, status } = useLive();
  useActivityVersion(activity);
  const scroller = useRef<HTMLDivElement>(null);
  const names = new Map((status?.pairs ?? []).map((p) => [p.pairId, p.containerName]));
  const rows = useVirtualizer({ count: activity.size, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  return (
    <Screen title="Activity" actions={<span className="muted">{activity.size.toLocaleString()} entries</span>}>
      {activity.size === 0 ? (
        <Empty title="Nothing has moved yet">
          <p>Files appear here as they upload and download.</p>
        </Empty>
      ) : (
        <div ref={scroller} className="activity-scroll" tabIndex={0} role="list" aria-label="Activity">
          <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
            {rows.getVirtualItems().map((v) => {
              const e = activity.at(v.index);
              if (!e) return null;
              // Measured, not fixed: a narrow window stacks a row's parts and makes it taller.
              return <ActivityRow key={e.seq} ref={rows.measureElement} data-index={v.index} entry={e} pairName={names.get(e.pairId)} aria-setsize={activity.size} aria-posinset={v.index + 1} style={{ transform: `translateY(${v.start}px)` }} />;
            })}
          </div>
        </div>
      )}
    </Screen>
  );
}

type RowProps = HTMLAttributes<HTMLDivElement> & { entry: ActivityEntry; pairName: string | undefined; ref?: Ref<HTMLDivElement>; 'data-index'?: number };

/** One entry: which way it went, the file, where and when, its progress, its state. The tray panel shows the same rows. */
export function ActivityRow({ entry: e, pairName, ref, ...rest }: RowProps) {
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
          {e.path || e.message}
        </span>
        <span className="muted small">
          {[pairName, when(e.time), e.kind === 'transfer' ? `${bytes(e.bytesDone)} of ${bytes(e.bytesTotal)}` : '', e.path ? e.message : ''].filter(Boolean).join(' · ')}
        </span>
      </div>
      {e.kind === 'transfer' ? <ProgressBar done={e.state === 'done' ? 1 : e.bytesDone} total={e.state === 'done' ? 1 : e.bytesTotal} label={`Progress of ${e.path}`} /> : <span className="activity-kind">{e.kind}</span>}
      <Badge state={e.state} />
    </div>
  );
}
