/**
 * What a version keeps of the file it was uploaded from, beside its bytes: the modification time
 * (ms since the epoch) and the executable bit, so that a sync client writes the file back as it
 * was. NULL where the uploader did not say (a browser, a script, every version before this).
 */
export const up = `
ALTER TABLE versions ADD COLUMN file_mtime INTEGER;
ALTER TABLE versions ADD COLUMN executable INTEGER;
`;
