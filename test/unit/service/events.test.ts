import { describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../../main/service/events.ts';
import type { ServiceEvent } from '../../../shared/v1/events.ts';

const event: ServiceEvent = { type: 'rendition.uploaded', tenantId: 't', data: { versionId: 'v', kind: 'PREVIEW', renditionId: 'r', status: 'READY' } };

describe('EventBus', () => {
  it('delivers to every subscriber until it unsubscribes', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const off = bus.subscribe((e) => seen.push(`a:${e.type}`));
    bus.subscribe((e) => seen.push(`b:${e.type}`));
    bus.publish(event);
    off();
    bus.publish(event);
    expect(seen).toEqual(['a:rendition.uploaded', 'b:rendition.uploaded', 'b:rendition.uploaded']);
  });

  it('keeps delivering when one listener throws', () => {
    const bus = new EventBus();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((e) => seen.push(e.type));
    bus.publish(event);
    expect(seen).toEqual(['rendition.uploaded']);
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });
});
