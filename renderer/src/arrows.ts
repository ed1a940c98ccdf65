/**
 * Arrow keys in a list, as a native list box has them: Up/Down (and Left/Right) move focus to the
 * previous or next item marked data-arrow-item, Home and End to the first and last. Tab still visits
 * every item, so the arrows add a way and take none away.
 */
import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

export function moveFocusByArrow(e: KeyboardEvent<HTMLElement>): void {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const step = STEPS[e.key];
  if (step === undefined && e.key !== 'Home' && e.key !== 'End') return;
  // A field keeps its own keys: the caret, a select's options.
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-arrow-item]')].filter((el) => !(el as HTMLButtonElement).disabled);
  const at = items.findIndex((el) => el === document.activeElement);
  if (at < 0 || items.length === 0) return;
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : Math.min(items.length - 1, Math.max(0, at + (step ?? 0)));
  items[next]?.focus();
  e.preventDefault();
}
