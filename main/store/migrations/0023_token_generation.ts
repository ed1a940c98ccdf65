/**
 * The token memory's generation (main/store/repos/tokenRecords.ts): one row, moved by every token
 * changed or removed (a revocation, a spent refresh token, the expired ones swept), in the writer's
 * own transaction, whichever process writes. A token remembered by a node stays good while the row
 * has not moved; a new token moves nothing, since no node can remember a token it has not found.
 * It is read in the same statement as the reply cache's generation (migration 0019): one read a
 * request tells both whether anything they remember changed.
 */
export const up = `
CREATE TABLE token_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL
);
INSERT INTO token_generation (id, n) VALUES (1, 0);
CREATE TRIGGER tokens_update_moves_memory AFTER UPDATE ON tokens BEGIN UPDATE token_generation SET n = n + 1; END;
CREATE TRIGGER tokens_delete_moves_memory AFTER DELETE ON tokens BEGIN UPDATE token_generation SET n = n + 1; END;
`;
