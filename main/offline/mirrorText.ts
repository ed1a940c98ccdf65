/**
 * The text of current versions, kept in the mirror so that search finds words inside documents
 * while the service is away (docs/offline.md, "Search"). The mirror is a service store: the text
 * goes into its own search index (migration 0016_search.ts), whose triggers file it under the
 * version's document while that version is current, and the mirror's service code searches it.
 */
import type { VersionText } from '../../shared/v1/text.ts';
import type { Mirror } from './mirror.ts';

/** Whether the mirror should ask the service for this version's text: it holds the version, not its text yet. */
export function wantsText(mirror: Mirror, versionId: string): boolean {
  return versionId !== '' && mirror.store.versions.get(mirror.tenantId, versionId) !== undefined && !mirror.store.search.hasVersionText(versionId);
}

/**
 * Keeps what the service answered to GET /v1/versions/text (all pages) for a version the mirror
 * holds. READY text is indexed; a version with no text to extract is recorded as empty, so it is
 * not asked for again; PENDING waits for a later answer.
 */
export function keepText(mirror: Mirror, text: Pick<VersionText, 'versionId' | 'status' | 'pages'>): void {
  if (!wantsText(mirror, text.versionId)) return;
  if (text.status === 'READY') mirror.store.search.putVersionText(text.versionId, (text.pages ?? []).map((p) => ({ page: p.page, text: p.text })));
  else if (text.status === 'NOT_APPLICABLE' || text.status === 'FAILED') mirror.store.search.putVersionText(text.versionId, []);
}
