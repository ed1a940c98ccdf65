/** The core's event stream: every UI (IPC window, SSE page) subscribes to the same hub. */
import type { DesktopEvent } from '../../shared/desktop/api.ts';

export type EventListener = (event: DesktopEvent) => void;

export class EventHub {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: DesktopEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch (err) {
        // One broken subscriber (a closed socket, a destroyed window) must not starve the others.
        console.error(`desktop: an event listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
