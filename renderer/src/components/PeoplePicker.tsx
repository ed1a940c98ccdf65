/**
 * A typeahead over the tenant's directory (users, departments, roles): a person types a name, never
 * an id. ARIA 1.2 combobox: arrows move through the suggestions, Enter picks, Escape closes.
 */
import { useEffect, useId, useState } from 'react';
import type { DirectoryEntry } from '../../../shared/desktop/api.ts';
import { useAction, useLive } from '../state.tsx';
import { ErrorNote } from './ui.tsx';

const KIND_WORDS: Record<DirectoryEntry['kind'], string> = { USER: 'person', DEPARTMENT: 'department', ROLE: 'role' };

export function PeoplePicker({ label, picked, onPick }: { label: string; picked: DirectoryEntry | null; onPick: (entry: DirectoryEntry | null) => void }) {
  const { api } = useLive();
  const [text, setText] = useState(picked?.name ?? '');
  const [result, setResult] = useState<{ query: string; found: DirectoryEntry[] }>({ query: '', found: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { error, run } = useAction();
  const id = useId();
  const query = text.trim();

  useEffect(() => {
    if (!open || !query) return;
    let live = true;
    void run(() => api.searchDirectory({ query })).then((list) => {
      if (!live || !list) return;
      setResult({ query, found: list });
      setActive(0);
    });
    return () => {
      live = false;
    };
  }, [api, open, query, run]);

  useEffect(() => {
    if (!picked) setText('');
  }, [picked]);

  const choose = (e: DirectoryEntry) => {
    onPick(e);
    setText(e.name);
    setOpen(false);
  };
  const found = result.query === query ? result.found : [];
  const showList = open && query !== '' && found.length > 0;
  return (
    <div className="picker">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={showList ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a name"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (picked) onPick(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, found.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Escape') setOpen(false);
          else if (e.key === 'Enter' && showList && found[active]) choose(found[active]);
          else return;
          e.preventDefault();
        }}
      />
      {showList ? (
        <ul id={`${id}-list`} role="listbox" className="picker-list" aria-label={`${label}: suggestions`}>
          {found.map((e, i) => (
            <li
              key={`${e.kind}:${e.id}`}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(ev) => {
                ev.preventDefault();
                choose(e);
              }}
            >
              <span className="picker-name">{e.name}</span> <span className="muted small">{KIND_WORDS[e.kind]}{e.detail ? ` · ${e.detail}` : ''}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {open && query !== '' && result.query === query && found.length === 0 && !error ? <p className="muted small">No one in this organisation matches “{query}”.</p> : null}
      <ErrorNote error={error} />
    </div>
  );
}
