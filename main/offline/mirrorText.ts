/**
 * The text of current versions, kept in the mirror so that search finds words inside documents
 * while the service is away (docs/offline.md, "Search"). The mirror is a service store: the text
 * goes into its own search index (migration 0016_search.ts), whose triggers file it under the
 * version's document while that version is current, and the mirror's service code searches it.
 */
import type { VersionText } from '../../shared/v1/text.ts';
import type { OfflineStore } from '../store/offline/state.ts';
import { answerKey } from './endpoints.ts';
import type { Mirror } from './mirror.ts';

export const TEXT_PATH = '/v1/versions/text';

/** What the service's answer to GET /v1/versions/text (all pages) of a version is kept under. */
const allPagesKey = (versionId: string): string => answerKey('GET', TEXT_PATH, { versionId }, {});

/** Whether the mirror should ask the service for this version's text: it holds the version, not its text yet. */
export function wantsText(mirror: Mirror, versionId: string): boolean {
  return versionId !== '' && mirror.store.versions.get(mirror.tenantId, versionId) !== undefined && !mirror.store.search.hasVersionText(versionId);
}

/**
 * Keeps what the service answered to GET /v1/versions/text (all pages) for a version the mirror
 * holds. READY text is indexed; a version with no text to extract is recorded as empty, so it is
 * not asked for again; PENDING waits for a later answer. With the offline store, the answer itself
 * is kept too, so the text can be read while the service is away.
 */
export function keepText(mirror: Mirror, text: VersionText, offline?: OfflineStore): void {
  if (offline && text.status !== 'PENDING') offline.putAnswer(allPagesKey(text.versionId), '', text);
  if (!wantsText(mirror, text.versionId)) return;
  if (text.status === 'READY') mirror.store.search.putVersionText(text.versionId, (text.pages ?? []).map((p) => ({ page: p.page, text: p.text })));
  else if (text.status === 'NOT_APPLICABLE' || text.status === 'FAILED') mirror.store.search.putVersionText(text.versionId, []);
}

/** One page of a version's kept text (the document view asks page by page), cut from the kept answer of all pages. */
export function keptPage(offline: OfflineStore, query: Record<string, string>): { data: unknown; fetchTime: string } | undefined {
  const page = Number(query.page);
  const all = query.versionId && Number.isInteger(page) && page > 0 ? offline.answer(allPagesKey(query.versionId)) : undefined;
  const text = all?.data as VersionText | undefined;
  if (!all || !text || text.status !== 'READY') return undefined;
  return { data: { ...text, pages: (text.pages ?? []).filter((p) => p.page === page) }, fetchTime: all.fetchTime };
}
