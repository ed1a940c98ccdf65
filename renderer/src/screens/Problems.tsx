/**
 * The problems list of a sync pair: every item it does not sync, why in plain words, and what to
 * do about it; the engine's reason and where the item is sit one click away, under "Details".
 */
import { useEffect, useState } from 'react';
import type { LeftOutItem, PairStatus } from '../../../shared/desktop/api.ts';
import type { LeftOutReason } from '../../../shared/leftOut.ts';
import { ErrorNote } from '../components/ui.tsx';
import { useAction, useLive } from '../state.tsx';

const EXPLAINED: Record<LeftOutReason, { why: string; todo: string }> = {
  symlink: { why: "It's a link. Folio doesn't follow links.", todo: 'To sync what it points to, put a copy of that inside the folder.' },
  'special-file': { why: "It's a special file (a pipe or a socket): it has no content to sync.", todo: 'Nothing to do. Move it out of the folder to clear this.' },
  unreadable: { why: "Folio can't read it: permission denied.", todo: 'Give your account permission to read it, or move it out of the folder.' },
  'not-a-service-name': { why: "Its name can't be used on the service (it has a control character, such as a tab or a line break, or it is blank).", todo: 'Rename it.' },
  'too-long': { why: 'Its name is too long for this computer.', todo: 'Give it a shorter name.' },
  'path-too-long': { why: 'Its path is too long for this computer.', todo: 'Shorten the names of the folders it is in, or move it higher up.' },
  'windows-forbidden-character': { why: 'Its name has a character Windows does not allow (< > : " \\ | ? *).', todo: 'Rename it.' },
  'windows-reserved-name': { why: 'Its name is reserved on Windows (such as CON, PRN, AUX, NUL, COM1 or LPT1).', todo: 'Rename it.' },
  'windows-trailing-dot-or-space': { why: 'Its name ends with a dot or a space, which Windows does not allow.', todo: 'Rename it.' },
  'name-clash': { why: 'Another item here has the same name, but for upper and lower case or accents; this computer cannot hold both.', todo: 'Rename one of them.' },
};

export function Problems({ pair }: { pair: PairStatus }) {
  const { api } = useLive();
  const { error, run } = useAction();
  const [items, setItems] = useState<LeftOutItem[]>([]);
  useEffect(() => {
    void run(() => api.listLeftOut({ pairId: pair.pairId })).then((list) => {
      if (list) setItems(list);
    });
  }, [api, run, pair.pairId, pair.leftOut]);
  return (
    <section className="problems" aria-label={`Not synced in ${pair.containerName || pair.containerId}`}>
      <h3 className="problems-title">
        {pair.leftOut} item{pair.leftOut === 1 ? '' : 's'} not synced
      </h3>
      <ErrorNote error={error} />
      <ul className="problems-list">
        {items.map((item) => {
          const e = EXPLAINED[item.reason];
          return (
            <li key={`${item.side}/${item.path}`} className="problem">
              <p className="problem-path">{item.path}</p>
              <p className="problem-why">{e.why}</p>
              <p className="problem-todo">{e.todo}</p>
              <details className="note-details">
                <summary>Details</summary>
                <p className="code">
                  {item.reason} · {item.side === 'local' ? 'on this computer' : 'on the service'} · {item.path}
                </p>
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
