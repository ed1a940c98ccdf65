/**
 * Another user's edit that reaches the service after the engine observed it, and before the
 * engine's own write: /v1 takes an upload or a delete without asking what it replaces, so the
 * engine looks afterwards (docs/sync.md, "The rules"). The other user's write is made, through
 * the real service, at the moment the engine's request is about to leave: exactly in that window.
 */
import { describe, expect, it } from 'vitest';
import { FolioClient } from '../../../main/remote/client.ts';
import { ServiceUnreachable } from '../../../main/remote/errors.ts';
import { ErrorCodes } from '../../../shared/errors.ts';
import { contract } from '../../../shared/v1/contract/index.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.ts';
import { expectInSync, sandbox, sha, type Scenario } from './harness.ts';

const { service, fresh } = sandbox();

interface RacingClient {
  client: FolioClient;
  beforeUpload: (f: () => Promise<unknown>) => void;
  beforeDelete: (f: () => Promise<unknown>) => void;
  /** The next upload lands on the service, and its answer is lost on the way back. */
  loseNextUploadAnswer: () => void;
}

/** The engine's client, which runs `before` (once) just before its next request of the kind. */
function racingClient(baseUrl = service().server.url): RacingClient {
  // No retries of its own: a failure the test injects reaches the engine.
  const client = new FolioClient({ baseUrl, credentials: service().tenant, retry: { attempts: 1 } });
  let upload: (() => Promise<unknown>) | null = null;
  let remove: (() => Promise<unknown>) | null = null;
  let loseAnswer = false;
  const postBytes = client.postBytes.bind(client);
  client.postBytes = (async (...args: Parameters<FolioClient['postBytes']>) => {
    const race = upload;
    upload = null;
    await race?.();
    const answer = await postBytes(...args);
    if (!loseAnswer) return answer;
    loseAnswer = false;
    throw new ServiceUnreachable(new Error('the connection dropped after the service applied the upload'));
  }) as FolioClient['postBytes'];
  const deleteDocument = client.deleteDocument.bind(client);
  client.deleteDocument = async (docId) => {
    const race = remove;
    remove = null;
    await race?.();
    return deleteDocument(docId);
  };
  return { client, beforeUpload: (f) => (upload = f), beforeDelete: (f) => (remove = f), loseNextUploadAnswer: () => (loseAnswer = true) };
}

const copies = (s: Scenario) => Object.entries(s.localListing()).filter(([path]) => /^doc \(conflicted copy .+\)\.txt$/.test(path));

/** A synced doc.txt that the user has just edited again: the engine's next pass uploads 'mine'. */
async function editedAgain(client: FolioClient): Promise<Scenario> {
  const s = await fresh({ client });
  s.write('doc.txt', 'first');
  await s.settle();
  s.write('doc.txt', 'mine');
  return s;
}

const DOWNLOAD = contract.versions.download.path;

/**
 * Their version lands just before our upload, and `fail` makes the fetches of it fail; the engine
 * makes `fetches` of them in all, and ends with their version kept beside ours.
 */
async function keptThroughFailedFetches(fail: (proxy: FaultProxy) => void, fetches: number): Promise<void> {
  const proxy = await startFaultProxy(service().server.url);
  try {
    const { client, beforeUpload } = racingClient(proxy.url);
    const s = await editedAgain(client);
    beforeUpload(async () => {
      await s.remoteWrite('doc.txt', 'theirs');
      fail(proxy);
    });
    await s.settle();
    expect(proxy.hits.get(DOWNLOAD)).toBe(fetches);
    expect(s.read('doc.txt')).toBe('mine');
    expect(copies(s).map(([, hash]) => hash)).toEqual([sha('theirs')]);
    await expectInSync(s);
  } finally {
    await proxy.close();
  }
}

describe('a write of another user that lands between the engine’s observation and its own', () => {
  it('an upload that replaced it unseen: their version is kept as a conflict copy, and syncs', async () => {
    const { client, beforeUpload } = racingClient();
    const s = await editedAgain(client);
    beforeUpload(() => s.remoteWrite('doc.txt', 'theirs'));
    await s.settle();
    expect(s.read('doc.txt')).toBe('mine');
    expect(copies(s).map(([, hash]) => hash)).toEqual([sha('theirs')]);
    await expectInSync(s);
  });

  it('when fetching their version fails, it is fetched again at the next round', async () => {
    await keptThroughFailedFetches((proxy) => proxy.failNext(DOWNLOAD, 1, 0), 2);
  });

  it('when the service fails (5xx) the fetch of their version again at the next round, it is still kept, not given up', async () => {
    await keptThroughFailedFetches((proxy) => proxy.failNext(DOWNLOAD, 2, ErrorCodes.INTERNAL.http, ErrorCodes.INTERNAL.code), 3);
  });

  it('when the user deletes the folder their version belongs in, it is kept at the top of the pair instead', async () => {
    const { client, beforeUpload } = racingClient();
    const s = await fresh({ client });
    s.write('sub/doc.txt', 'first');
    s.write('other.txt', 'keeps the folder from looking emptied');
    await s.settle();
    s.write('sub/doc.txt', 'mine');
    // The upload has read the file; the folder goes before their version can be put beside it.
    beforeUpload(async () => {
      await s.remoteWrite('sub/doc.txt', 'theirs');
      s.remove('sub');
    });
    await s.settle();
    expect(s.localListing()['sub/']).toBeUndefined();
    expect(copies(s).map(([, hash]) => hash)).toEqual([sha('theirs')]);
    await expectInSync(s);
  });

  it('an upload whose answer was lost (it landed unrecorded) still looks, at the next round, at what it replaced', async () => {
    const { client, beforeUpload, loseNextUploadAnswer } = racingClient();
    const s = await editedAgain(client);
    beforeUpload(() => s.remoteWrite('doc.txt', 'theirs'));
    loseNextUploadAnswer();
    await s.settle();
    expect(s.read('doc.txt')).toBe('mine');
    expect(copies(s).map(([, hash]) => hash)).toEqual([sha('theirs')]);
    await expectInSync(s);
  });

  it('a delete that took it to the recycle bin: their edit beats the delete, and comes back as a new document', async () => {
    const { client, beforeDelete } = racingClient();
    const s = await fresh({ client });
    s.write('doc.txt', 'first');
    s.write('other.txt', 'keeps the folder from looking emptied');
    await s.settle();
    s.remove('doc.txt');
    beforeDelete(() => s.remoteWrite('doc.txt', 'theirs'));
    await s.settle();
    expect(s.read('doc.txt')).toBe('theirs');
    expect(copies(s)).toEqual([]);
    await expectInSync(s);
  });
});
