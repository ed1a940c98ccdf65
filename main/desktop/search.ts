/**
 * The app's search box: POST /v1/search/getPage on the service (or, while it is away, on the local
 * server, which searches its mirror's names and text), with each hit's folder named.
 */
import type { ResultOf, SearchArgs, SearchHit } from '../../shared/desktop/api.ts';
import { contract } from '../../shared/v1/contract/index.ts';
import type { FolioClient } from '../remote/client.ts';

const DEFAULT_PAGE_SIZE = 20;

export async function searchDocuments(client: FolioClient, args: SearchArgs): Promise<Omit<ResultOf<'search'>, 'fromMirror'>> {
  const pageNumber = args.pageNumber ?? 1;
  const pageSize = args.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = await client.v1(contract.search.getPage, { query: args.query, pageNumber, pageSize });
  const folders = await folderNames(client, page.content.map((r) => r.containerId));
  const hits: SearchHit[] = page.content.map((r) => ({
    docId: r.docId,
    versionId: r.versionId,
    title: r.title,
    containerId: r.containerId,
    folder: folders.get(r.containerId) ?? '',
    page: r.page,
    snippet: r.snippet,
    highlights: r.highlights,
  }));
  return { totalElements: page.totalElements, pageNumber, pageSize, hits };
}

/** A folder the caller may not read, or that went meanwhile, has no name to show: the hit stays. */
async function folderNames(client: FolioClient, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = await Promise.all(unique.map((id) => client.getContainer(id).then((c) => c.name, () => '')));
  return new Map(unique.map((id, i) => [id, names[i] ?? '']));
}
