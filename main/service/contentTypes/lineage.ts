/** A content type and the types it inherits from through parentTypeId. */
import type { ContentTypeRecord } from '../../store/async/repos/contentTypes.ts';
import type { Repos } from '../../store/repositories.ts';

/**
 * The type followed by its ancestors, nearest first. Writes refuse cycles; the visited set only
 * keeps a read from looping should one ever reach the database.
 */
export async function lineage(repos: Repos<'contentTypes'>, type: ContentTypeRecord): Promise<ContentTypeRecord[]> {
  const chain = [type];
  const seen = new Set([type.typeId]);
  let current = type;
  while (current.parentTypeId && !seen.has(current.parentTypeId)) {
    const parent = await repos.contentTypes.get(type.tenantId, current.parentTypeId);
    if (!parent) break;
    chain.push(parent);
    seen.add(parent.typeId);
    current = parent;
  }
  return chain;
}
