/**
 * The documents' write path. A document's id is the last key of a page of a container's
 * documents (equal titles, sizes or times keep one order by it), so it compares in code-point
 * order, as SQLite compares it, whatever the database's locale: ids are base64url, where a
 * locale's order of upper and lower case and of '-' and '_' differs from SQLite's.
 */
export const up = `
ALTER TABLE documents ALTER COLUMN doc_id TYPE TEXT COLLATE "C";
`;
