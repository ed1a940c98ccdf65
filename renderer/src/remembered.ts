/**
 * State that outlives a screen: switching screens unmounts the one left, and a person coming back
 * expects the document they had open and the folder they were in. Kept for the page's life only.
 */
import { useCallback, useState } from 'react';

const kept = new Map<string, unknown>();

/** Sets what a screen finds when it next mounts (a search result opening a document). */
export function remember<T>(key: string, value: T): void {
  kept.set(key, value);
}

export function useRemembered<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  const set = useCallback(
    (next: T) => {
      kept.set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
