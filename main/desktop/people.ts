/** The people picker and the "who can share this" answer, relayed from the service's directory. */
import type { ArgsOf, ResultOf } from '../../shared/desktop/api.ts';
import { contract } from '../../shared/v1/contract/index.ts';
import type { FolioClient } from '../remote/client.ts';

/** A typeahead needs the best few, not every match. */
const PICKER_SIZE = 20;

export async function searchDirectory(client: FolioClient, args: ArgsOf<'searchDirectory'>): Promise<ResultOf<'searchDirectory'>> {
  const page = await client.v1(contract.directory.getPage, { query: args.query, ...(args.kinds ? { kinds: args.kinds } : {}), pageSize: PICKER_SIZE, pageNumber: 1 });
  return page.content.map((e) => ({ kind: e.kind, id: e.id, name: e.name, detail: e.detail }));
}

export async function getSharers(client: FolioClient, args: ArgsOf<'getSharers'>): Promise<ResultOf<'getSharers'>> {
  const s = await client.v1(contract.shareGrants.sharers, args);
  return { canShare: s.canShare, sharers: s.sharers.map((p) => ({ kind: p.kind, id: p.id, name: p.name })) };
}
