/** The browser sign-in's authorization codes, as SQLite has them after its migration 0015. */
export const up = `
CREATE TABLE authorization_codes (
  code_hash TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX authorization_codes_expiry ON authorization_codes (expires_at);
`;
