/**
 * rendition.uploaded is published on the service's event bus when a rendition becomes READY: a
 * client's PREVIEW upload, and the TEXT rendition produced by the text job. In-process, on a real
 * store, with the real extractor thread.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDeps } from '../../../main/service/kernel.ts';
import { DEFAULT_CONFIG } from '../../../main/service/config.ts';
import type { RequestContext } from '../../../main/service/context.ts';
import { ServiceError } from '../../../main/service/errors.ts';
import { buildServices, serviceDeps, type Services } from '../../../main/service/services.ts';
import { textExtractionJob } from '../../../main/service/text/job.ts';
import { createTenant } from '../../../main/service/tenancy.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import type { ServiceEvent } from '../../../shared/v1/events.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let store: Store;
let deps: ServiceDeps;
let services: Services;
let ctx: RequestContext;
const events: ServiceEvent[] = [];

beforeAll(async () => {
  dir = tempDir('folio-events-');
  store = await openStore(dir);
  deps = serviceDeps(store, DEFAULT_CONFIG);
  services = buildServices(deps);
  deps.events.subscribe((e) => events.push(e));
  const tenant = await createTenant(store, 'acme');
  ctx = { tenantId: tenant.tenantId, clientId: tenant.clientId, mode: 'APP_ONLY', userId: null };
});

afterAll(() => {
  store.close();
  removeDir(dir);
});

async function newVersion(text: string) {
  const bytes = Buffer.from(text);
  return services.versions.upload(ctx, { title: `${text}.txt`, mimeType: 'text/plain' }, Readable.from([bytes]), bytes.length);
}

describe('rendition.uploaded', () => {
  it('is published when a PREVIEW upload is READY, and not when an upload is refused', async () => {
    const v = await newVersion('with preview');
    const { renditions } = services;
    events.length = 0;
    await expect(renditions.upload(ctx, { versionId: v.versionId, kind: 'THUMBNAIL', mimeType: 'image/png' }, Readable.from([Buffer.from('x')]), 1)).rejects.toBeInstanceOf(ServiceError);
    expect(events).toEqual([]);
    const r = await renditions.upload(ctx, { versionId: v.versionId, kind: 'PREVIEW', mimeType: 'text/plain' }, Readable.from([Buffer.from('preview')]), 7);
    expect(events).toEqual([{ type: 'rendition.uploaded', tenantId: ctx.tenantId, data: { versionId: v.versionId, kind: 'PREVIEW', renditionId: r.renditionId, status: 'READY' } }]);
  });

  it('is published when the text job makes the TEXT rendition READY', async () => {
    const v = await newVersion('extract me');
    const job = textExtractionJob(deps);
    events.length = 0;
    try {
      await job.run({ tenantId: ctx.tenantId, versionId: v.versionId }, new AbortController().signal);
    } finally {
      await job.close?.();
    }
    const text = store.renditions.get(ctx.tenantId, v.versionId, 'TEXT');
    expect(text?.status).toBe('READY');
    expect(events).toEqual([{ type: 'rendition.uploaded', tenantId: ctx.tenantId, data: { versionId: v.versionId, kind: 'TEXT', renditionId: text?.renditionId, status: 'READY' } }]);
  });
});
