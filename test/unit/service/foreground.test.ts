/** When uploads keep the service busy (main/service/foreground.ts), for background jobs to make way. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BulkWrites, IN_FLIGHT_LIMIT_MS, QUIET_AFTER_MS, trackBulkWrites } from '../../../main/service/foreground.ts';

describe('BulkWrites', () => {
  it('is quiet before any upload', () => {
    expect(new BulkWrites().quietAt()).toBeLessThanOrEqual(Date.now());
  });

  it('is busy while an upload is in flight, however long it takes, and a moment after it ends', () => {
    const writes = new BulkWrites();
    const slow = {};
    writes.begin(slow, 1_000);
    // A slow upload (a large chunk on a slow link) keeps it busy well past the short grace.
    expect(writes.quietAt()).toBeGreaterThan(1_000 + QUIET_AFTER_MS);
    writes.end(slow, 5_000);
    expect(writes.quietAt()).toBe(5_000 + QUIET_AFTER_MS);
  });

  it('stays busy until the last of several uploads ends, and ending one twice changes nothing', () => {
    const writes = new BulkWrites();
    const a = {};
    const b = {};
    writes.begin(a, 1_000);
    writes.begin(b, 1_100);
    writes.end(a, 1_200);
    writes.end(a, 9_000);
    expect(writes.quietAt()).toBe(1_200 + IN_FLIGHT_LIMIT_MS);
    writes.end(b, 1_300);
    expect(writes.quietAt()).toBe(1_300 + QUIET_AFTER_MS);
  });

  it('counts as quiet past the limit when a request in flight is never seen to end', () => {
    const writes = new BulkWrites();
    writes.begin({}, 1_000);
    expect(writes.quietAt()).toBe(1_000 + IN_FLIGHT_LIMIT_MS);
  });
});

describe('trackBulkWrites', () => {
  it("tells of the requests of the routes that bring bytes in, from their start to their answer, and of no other route's", async () => {
    const writes = new BulkWrites();
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    trackBulkWrites(app, writes);
    let arrived = (): void => undefined;
    const inHandler = new Promise<void>((res) => (arrived = res));
    let letGo = (): void => undefined;
    const held = new Promise<void>((res) => (letGo = res));
    const ownHook: string[] = [];
    app.post('/upload', { config: { bulkWrite: true }, onRequest: async () => void ownHook.push('upload') }, async () => {
      arrived();
      await held;
      return 'stored';
    });
    app.get('/read', async () => 'read');
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/read' })).payload).toBe('read');
      expect(writes.quietAt()).toBe(Number.NEGATIVE_INFINITY);

      const before = Date.now();
      const upload = app.inject({ method: 'POST', url: '/upload' });
      await inHandler;
      expect(writes.quietAt()).toBeGreaterThanOrEqual(before + IN_FLIGHT_LIMIT_MS);
      expect(writes.quietAt()).toBeLessThanOrEqual(Date.now() + IN_FLIGHT_LIMIT_MS);
      letGo();
      expect((await upload).payload).toBe('stored');
      expect(writes.quietAt()).toBeGreaterThanOrEqual(before + QUIET_AFTER_MS);
      expect(writes.quietAt()).toBeLessThanOrEqual(Date.now() + QUIET_AFTER_MS);
      expect(ownHook).toEqual(['upload']);
    } finally {
      await app.close();
    }
  });
});
