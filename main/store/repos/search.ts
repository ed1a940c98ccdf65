/**
 * The full-text index (migration 0016_search.ts): the text of versions by page, and the FTS5 match
 * over the entries that triggers keep for each active document's current version.
 */
import { Repository } from '../db.ts';

/** Mark where a match starts and ends in a snippet; neither can occur in indexed text (see `indexable`). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';
/** The most pages one search ranks: a query matching more still answers quickly, with the best of them. */
export const MAX_SEARCH_HITS = 10_000;
const SNIPPET_TOKENS = 16;

export interface SearchHit {
  docId: string;
  versionId: string;
  title: string;
  containerId: string;
  /** 0 when the hit is a title-only entry (a version without text). */
  page: number;
  /** Text around the match, with MATCH_START / MATCH_END around each matched word. */
  snippet: string;
}

export interface PageText {
  page: number;
  text: string;
}

interface HitRow {
  doc_id: string;
  version_id: string;
  title: string;
  container_id: string;
  page: number;
  snippet: string;
}

const hitColumns = `e.doc_id, d.current_version_id AS version_id, d.title, d.container_id, e.page,
  snippet(search_fts, -1, char(2), char(3), '…', ${SNIPPET_TOKENS}) AS snippet`;
const hitJoins = `FROM search_fts JOIN search_entries e ON e.entry_id = search_fts.rowid JOIN documents d ON d.doc_id = e.doc_id`;
const hitOrder = `ORDER BY bm25(search_fts, 5.0, 1.0), e.doc_id, e.page LIMIT ${MAX_SEARCH_HITS}`;

const HITS = `SELECT ${hitColumns} ${hitJoins}
  WHERE search_fts MATCH ? AND e.tenant_id = ? AND d.state = 'ACTIVE' ${hitOrder}`;

const HITS_IN_SUBTREE = `WITH RECURSIVE subtree(id) AS (
    SELECT ? UNION SELECT c.container_id FROM containers c JOIN subtree ON c.parent_id = subtree.id WHERE c.tenant_id = ?
  ) SELECT ${hitColumns} ${hitJoins}
  WHERE search_fts MATCH ? AND e.tenant_id = ? AND d.state = 'ACTIVE' AND d.container_id IN (SELECT id FROM subtree) ${hitOrder}`;

/** Control characters (the match marks among them) carry no words; they become spaces. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const indexable = (text: string): string => text.replace(CONTROL, ' ');

const toHit = (r: HitRow): SearchHit => ({
  docId: r.doc_id,
  versionId: r.version_id,
  title: r.title,
  containerId: r.container_id,
  page: r.page,
  snippet: r.snippet,
});

export class SearchRepository extends Repository {
  /**
   * Records a version's text, page by page (blank pages left out). Triggers put it in the index when
   * the version is current. Recording the same version twice changes nothing.
   */
  putVersionText(versionId: string, pages: readonly PageText[]): void {
    const insert = this.prepared<[string, number, string]>('INSERT OR IGNORE INTO search_text (version_id, page, body) VALUES (?, ?, ?)');
    const written = pages.map((p) => ({ page: p.page, text: indexable(p.text) })).filter((p) => p.text.trim() !== '');
    this.db.transaction(() => {
      if (written.length === 0) insert.run(versionId, 0, '');
      for (const p of written) insert.run(versionId, p.page, p.text);
    })();
  }

  /** Whether a version's text is recorded (an empty text included). */
  hasVersionText(versionId: string): boolean {
    return this.prepared<[string], { one: number }>('SELECT 1 AS one FROM search_text WHERE version_id = ? LIMIT 1').get(versionId) !== undefined;
  }

  /**
   * Current versions of active documents whose TEXT rendition is READY but whose text is not in
   * the index yet (it was extracted before the index existed), in storage order after `after`.
   */
  currentVersionsWithoutText(limit: number, after: number): { seq: number; tenantId: string; versionId: string }[] {
    return this.prepared<[number, number], { seq: number; tenant_id: string; version_id: string }>(
      `SELECT d.rowid AS seq, d.tenant_id, d.current_version_id AS version_id FROM documents d
        WHERE d.rowid > ? AND d.state = 'ACTIVE' AND d.current_version_id != ''
          AND NOT EXISTS (SELECT 1 FROM search_text t WHERE t.version_id = d.current_version_id)
          AND EXISTS (SELECT 1 FROM renditions r WHERE r.version_id = d.current_version_id AND r.kind = 'TEXT' AND r.status = 'READY')
        ORDER BY d.rowid LIMIT ?`,
    )
      .all(after, limit)
      .map((r) => ({ seq: r.seq, tenantId: r.tenant_id, versionId: r.version_id }));
  }

  /** Best match first, at most MAX_SEARCH_HITS pages; `match` is an FTS5 expression built by the service, never user text. */
  hits(tenantId: string, match: string, containerId: string | undefined): SearchHit[] {
    const rows =
      containerId === undefined
        ? this.prepared<[string, string], HitRow>(HITS).all(match, tenantId)
        : this.prepared<[string, string, string, string], HitRow>(HITS_IN_SUBTREE).all(containerId, tenantId, match, tenantId);
    return rows.map(toHit);
  }
}
