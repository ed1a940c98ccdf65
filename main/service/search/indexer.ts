/**
 * Puts the text of versions in the search index: when a version's TEXT rendition becomes READY
 * (its text job finished, or copied the text of the same content), and, once at start, for
 * versions whose text was extracted before the index existed. Names, and which version is current,
 * are kept in the index by the triggers of migration 0016_search.ts.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { FolioApp, AreaDeps } from '../kernel.ts';
import { RenditionFiles } from '../renditions/files.ts';
import { readTextDocument } from '../text/storedText.ts';
import { isTextDocument, TEXT_KIND } from '../text/textDocument.ts';

const BACKFILL_BATCH = 200;

export function searchIndexer(app: FolioApp, deps: AreaDeps<'blobs' | 'renditionBlobs' | 'renditions' | 'search' | 'versions'>): void {
  const files = new RenditionFiles(deps);
  const stop = new AbortController();
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>): void => {
    const done = work.catch((err: unknown) => console.error('search index:', err)).finally(() => running.delete(done));
    running.add(done);
  };

  const indexVersion = async (tenantId: string, versionId: string): Promise<void> => {
    const rendition = deps.repos.renditions.get(tenantId, versionId, TEXT_KIND);
    if (rendition?.status !== 'READY' || stop.signal.aborted) return;
    const parsed = await readTextDocument(deps, files, rendition);
    // A damaged text file is left out of the index; GET /v1/versions/text reports it.
    if (!isTextDocument(parsed) || stop.signal.aborted) return;
    deps.repos.search.putVersionText(versionId, parsed.pages);
  };

  const backfill = async (): Promise<void> => {
    for (let after = 0; !stop.signal.aborted; await yieldToRequests()) {
      const batch = deps.repos.search.currentVersionsWithoutText(BACKFILL_BATCH, after);
      for (const v of batch) await indexVersion(v.tenantId, v.versionId).catch((err: unknown) => console.error(`search index: version ${v.versionId}:`, err));
      if (batch.length < BACKFILL_BATCH) return;
      after = (batch.at(-1) as { seq: number }).seq;
    }
  };

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'rendition.uploaded' && event.data.kind === TEXT_KIND && event.data.status === 'READY') track(indexVersion(event.tenantId, event.data.versionId));
  });
  app.addHook('onReady', async () => track(backfill()));
  app.addHook('onClose', async () => {
    unsubscribe();
    stop.abort();
    await Promise.all(running);
  });
}
