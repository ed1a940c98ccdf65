/** Lists and counts a document's versions from the index alone: versions/getPage with a docId is a hot path of sync clients. */
export const up = `
CREATE INDEX versions_by_document ON versions (tenant_id, doc_id, version_no DESC);
`;
