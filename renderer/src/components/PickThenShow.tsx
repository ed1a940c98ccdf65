/** A screen that has the user pick something from the service tree first, then shows it, with a way back; what was picked outlives a switch to another screen. */
import type { ReactNode } from 'react';
import { useRemembered } from '../remembered.ts';
import { MirrorNote } from './MirrorNote.tsx';
import { Screen } from './ui.tsx';

export function PickThenShow<T>({ title, hint, browse, show }: { title: string; hint: string; browse: (pick: (item: T) => void) => ReactNode; show: (item: T, back: () => void) => ReactNode }) {
  const [item, setItem] = useRemembered<T | null>(`picked:${title}`, null);
  return (
    <Screen title={title}>
      <MirrorNote />
      {item !== null ? (
        show(item, () => setItem(null))
      ) : (
        <div className="card">
          <p className="muted">{hint}</p>
          {browse(setItem)}
        </div>
      )}
    </Screen>
  );
}

/** The heading of what was picked, and the button that goes back to picking. */
export function PickedHeader({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <div className="pair-head">
      {children}
      <button type="button" className="link" onClick={onBack}>
        Choose another
      </button>
    </div>
  );
}
