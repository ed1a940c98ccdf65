/**
 * In-process publish/subscribe for service events. Domain code publishes after its transaction has
 * committed; the webhooks module subscribes and turns events into persisted deliveries.
 */
import type { ServiceEvent } from '../../shared/v1/events.ts';

export type EventListener = (event: ServiceEvent) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A failing listener is reported and does not stop the others, nor the publisher. */
  publish(event: ServiceEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        console.error(`event listener failed on ${event.type}:`, err);
      }
    }
  }
}
