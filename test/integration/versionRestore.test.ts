/**
 * Versions name their author (createByName), and an earlier version can be made current again
 * (/v1/versions/restore), against a real `folio serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerAcl } from '../../shared/v1/access.ts';
import type { Container, Document, PageOf, Version, VersionResult } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let alice: TestUser;
let bob: TestUser;
let area: Container;

const FORBIDDEN = 102001;
const NOT_FOUND = 120001;

async function upload(api: Api, query: Record<string, string>, text: string): Promise<VersionResult> {
  return data(await api.raw('/v1/versions/upload', query, new TextEncoder().encode(text))) as VersionResult;
}

async function versionsOf(docId: string): Promise<Version[]> {
  return data(await app.post<PageOf<Version>>('/v1/versions/getPage', { docId })).content;
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ alice, bob } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice', 'bob']));
  area = data(await app.post<Container>('/v1/containers/create', { name: 'area', aclInheritEnabled: false }));
  data(
    await app.post<ContainerAcl>('/v1/acl/entries/set', {
      containerId: area.containerId,
      entries: [
        { principalType: 'USER', principalId: alice.userId, role: 'EDITOR' },
        { principalType: 'USER', principalId: bob.userId, role: 'VIEWER' },
      ],
    }),
  );
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('who made a version', () => {
  it("names the user, and the tenant application for the app's own work", async () => {
    const v1 = await upload(app, { containerId: area.containerId, title: 'names.txt' }, 'by the app');
    await upload(alice.api, { docId: v1.docId }, 'by alice');
    const [byAlice, byApp] = await versionsOf(v1.docId);
    expect(byAlice).toMatchObject({ createBy: alice.userId, createByName: 'alice' });
    expect(byApp).toMatchObject({ createBy: tenant.clientId, createByName: 'the tenant application' });
    expect(data(await app.get<Version>('/v1/versions/get', { versionId: v1.versionId })).createByName).toBe('the tenant application');
  });
});

describe('restoring a version', () => {
  it('makes its content a new current version, and leaves the history whole', async () => {
    const v1 = await upload(alice.api, { containerId: area.containerId, title: 'plan.txt' }, 'first draft');
    const v2 = await upload(alice.api, { docId: v1.docId }, 'second draft, longer');
    const restored = data(await alice.api.post<VersionResult>('/v1/versions/restore', { versionId: v1.versionId }));
    expect(restored).toMatchObject({ docId: v1.docId, versionNo: 3, contentHash: v1.contentHash, sizeBytes: v1.sizeBytes, originalFilename: 'plan.txt' });
    const doc = data(await alice.api.get<Document>('/v1/documents/get', { docId: v1.docId }));
    expect(doc).toMatchObject({ currentVersionId: restored.versionId, currentVersionNo: 3, contentHash: v1.contentHash });
    const history = await versionsOf(v1.docId);
    expect(history.map((v) => [v.versionNo, v.comment, v.createByName])).toEqual([
      [3, 'Restored from version 1', 'alice'],
      [2, '', 'alice'],
      [1, '', 'alice'],
    ]);
    const bytes = await alice.api.fetch('/v1/versions/download', { versionId: restored.versionId });
    expect(await bytes.text()).toBe('first draft');
    expect(v2.versionNo).toBe(2);
  });

  it('takes a comment', async () => {
    const v1 = await upload(alice.api, { containerId: area.containerId, title: 'memo.txt' }, 'one');
    await upload(alice.api, { docId: v1.docId }, 'two');
    const restored = data(await alice.api.post<VersionResult>('/v1/versions/restore', { versionId: v1.versionId, comment: 'back to one' }));
    expect((await versionsOf(v1.docId))[0]).toMatchObject({ versionId: restored.versionId, comment: 'back to one' });
  });

  it('needs WRITE: a reader is refused and nothing changes', async () => {
    const v1 = await upload(alice.api, { containerId: area.containerId, title: 'locked.txt' }, 'one');
    await upload(alice.api, { docId: v1.docId }, 'two');
    expect((await bob.api.post('/v1/versions/restore', { versionId: v1.versionId })).body.code).toBe(FORBIDDEN);
    expect((await versionsOf(v1.docId)).length).toBe(2);
  });

  it('answers an unknown or malformed version with the envelope', async () => {
    expect((await alice.api.post('/v1/versions/restore', { versionId: 'ver_nope' })).body.code).toBe(NOT_FOUND);
    expect((await alice.api.post('/v1/versions/restore', {})).body).toMatchObject({ code: 110001, success: false });
  });
});
