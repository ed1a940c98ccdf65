/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert and Escape
 * closes it. On top, Escape closes it in every case, focus starts on the first field rather than the close button, Tab and
 * Shift+Tab wrap inside it (the browser would otherwise leave for its own toolbar), and focus goes
 * back to what opened it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** Escape closes, also where the browser holds back its own cancel (no user activation since the last one). */
function keys(e: KeyboardEvent<HTMLDialogElement>): void {
  if (e.key === 'Escape') {
    e.preventDefault();
    e.currentTarget.close();
    return;
  }
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    last.focus();
    e.preventDefault();
  } else if (!e.shiftKey && document.activeElement === last) {
    first.focus();
    e.preventDefault();
  }
}

export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      d.querySelector<HTMLElement>(`.dialog-body :is(${FOCUSABLE})`)?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);
  const closed = () => {
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
    onClose();
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={closed} onKeyDown={keys}>
      <header className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="ghost dialog-close" aria-label="Close" onClick={() => ref.current?.close()}>
          ×
        </button>
      </header>
      <div className="dialog-body">{open ? children : null}</div>
    </dialog>
  );
}
