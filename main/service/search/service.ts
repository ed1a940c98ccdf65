/**
 * POST /v1/search/getPage: one result per document, at its best-matching page, ranked by FTS5's
 * bm25 (title matches weigh more). Only what the caller may read is found, and a document's text
 * only when the caller may also download it (GET /v1/versions/text needs DOWNLOAD): otherwise only
 * its name can match. Paging counts only the documents the caller may read.
 */
import { Perm } from '../../../shared/permissions.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import type { SearchPageRequest, SearchResult } from '../../../shared/v1/search.ts';
import type { SearchHit } from '../../store/repos/search.ts';
import type { AreaDeps } from '../kernel.ts';
import type { ContainerService } from '../containers/service.ts';
import type { RequestContext } from '../context.ts';
import { pageWindow } from '../paging.ts';
import { searchMatch } from './match.ts';
import { plainSnippet } from './snippet.ts';

export class SearchService {

  constructor(
    private readonly deps: AreaDeps<'search'>,
    private readonly containers: ContainerService,
  ) {}

  async page(ctx: RequestContext, input: SearchPageRequest): Promise<PageOf<SearchResult>> {
    const match = searchMatch(input.query);
    const w = pageWindow(input, ['rank'], 'rank');
    let scope: string | undefined;
    if (input.containerId) {
      scope = (await this.containers.load(ctx, input.containerId)).containerId;
      await this.deps.access.require(ctx, scope, Perm.READ, 'search this container');
    }
    const found = await this.readableHits(ctx, match.anywhere, match.titleOnly, scope);
    return { totalElements: found.length, content: found.slice(w.offset, w.offset + w.limit).map(toResult) };
  }

  private async readableHits(ctx: RequestContext, anywhere: string, titleOnly: string, scope: string | undefined): Promise<SearchHit[]> {
    const { repos } = this.deps;
    const snapshot = this.deps.access.snapshot(ctx);
    const best = firstPerDocument(repos.search.hits(ctx.tenantId, anywhere, scope));
    if (snapshot.seesEverything) return best;
    let byTitle: Map<string, SearchHit> | undefined;
    const found: SearchHit[] = [];
    for (const hit of best) {
      const mask = await snapshot.documentMask(hit.docId);
      if ((mask & Perm.READ) === 0) continue;
      if ((mask & Perm.DOWNLOAD) !== 0) {
        found.push(hit);
        continue;
      }
      byTitle ??= new Map(firstPerDocument(repos.search.hits(ctx.tenantId, titleOnly, scope)).map((h) => [h.docId, h]));
      const named = byTitle.get(hit.docId);
      if (named) found.push({ ...named, page: 0 });
    }
    return found;
  }
}

/** Hits come best first, a page at a time: a document's first hit is its best page. */
function firstPerDocument(hits: SearchHit[]): SearchHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.docId) && seen.add(h.docId));
}

function toResult(hit: SearchHit): SearchResult {
  return {
    docId: hit.docId,
    versionId: hit.versionId,
    title: hit.title,
    containerId: hit.containerId,
    page: Math.max(hit.page, 1),
    ...plainSnippet(hit.snippet),
  };
}
