/**
 * Full-text search (POST /v1/search/getPage) over SQLite FTS5.
 *
 * - search_text: the text of each version, by page, written when its text job finishes (page 0
 *   with '' marks a version whose text is empty, so the start-up backfill does not read it again).
 * - search_entries: what is searched, one row per page of each active document's current version
 *   (the title repeated on each), or one title-only row (page 0) while that version has no text.
 * - search_fts: the FTS5 index over search_entries (external content: the text is kept once).
 *
 * Triggers keep search_entries right whatever code path changes a document (rename, move, new
 * current version, delete, restore, purge) or finishes a text job: the index cannot drift from
 * the tables. Entries are only ever inserted and deleted, never updated, which is what an
 * external-content FTS5 table needs to stay consistent.
 *
 * The names of existing documents are indexed here; their text is read from the TEXT renditions'
 * files at start (main/service/search/backfill.ts), which SQL cannot reach.
 */
const entriesOf = (d: string) => `
  INSERT INTO search_entries (tenant_id, doc_id, page, title, body)
    SELECT ${d}.tenant_id, ${d}.doc_id, t.page, ${d}.title, t.body FROM search_text t WHERE t.version_id = ${d}.current_version_id
    UNION ALL
    SELECT ${d}.tenant_id, ${d}.doc_id, 0, ${d}.title, '' WHERE NOT EXISTS (SELECT 1 FROM search_text t WHERE t.version_id = ${d}.current_version_id)`;

export const up = `
CREATE TABLE search_text (
  version_id TEXT NOT NULL,
  page INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (version_id, page)
) WITHOUT ROWID;

CREATE TABLE search_entries (
  entry_id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  page INTEGER NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX search_entries_by_doc ON search_entries (doc_id, page);

CREATE VIRTUAL TABLE search_fts USING fts5(
  title, body,
  content = 'search_entries', content_rowid = 'entry_id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER search_entries_added AFTER INSERT ON search_entries BEGIN
  INSERT INTO search_fts (rowid, title, body) VALUES (new.entry_id, new.title, new.body);
END;
CREATE TRIGGER search_entries_removed AFTER DELETE ON search_entries BEGIN
  INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', old.entry_id, old.title, old.body);
END;

CREATE TRIGGER search_document_added AFTER INSERT ON documents WHEN new.state = 'ACTIVE' BEGIN
  ${entriesOf('new')};
END;
CREATE TRIGGER search_document_changed AFTER UPDATE OF title, state, current_version_id ON documents BEGIN
  DELETE FROM search_entries WHERE doc_id = old.doc_id;
  ${entriesOf('new')} AND new.state = 'ACTIVE';
END;
CREATE TRIGGER search_document_purged AFTER DELETE ON documents BEGIN
  DELETE FROM search_entries WHERE doc_id = old.doc_id;
END;

-- A page of text arrives: when its version is current, it replaces the title-only entry.
CREATE TRIGGER search_text_added AFTER INSERT ON search_text BEGIN
  DELETE FROM search_entries WHERE page = 0 AND doc_id = (
    SELECT d.doc_id FROM versions v JOIN documents d ON d.doc_id = v.doc_id
    WHERE v.version_id = new.version_id AND d.current_version_id = new.version_id);
  INSERT INTO search_entries (tenant_id, doc_id, page, title, body)
    SELECT d.tenant_id, d.doc_id, new.page, d.title, new.body FROM versions v JOIN documents d ON d.doc_id = v.doc_id
    WHERE v.version_id = new.version_id AND d.current_version_id = new.version_id AND d.state = 'ACTIVE';
END;
CREATE TRIGGER search_version_purged AFTER DELETE ON versions BEGIN
  DELETE FROM search_text WHERE version_id = old.version_id;
END;

INSERT INTO search_entries (tenant_id, doc_id, page, title, body)
  SELECT tenant_id, doc_id, 0, title, '' FROM documents WHERE state = 'ACTIVE';
`;
