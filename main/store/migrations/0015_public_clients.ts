/**
 * Public clients and authorization codes (RFC 8252 sign-in through the browser). A public client
 * holds no secret (its secret_hash is ''), and lists the redirect URIs it may use. Every tenant gets
 * one, as new tenants do at creation, with the desktop app's loopback redirect registered.
 * Authorization codes are kept hashed, bound to their client, redirect URI and PKCE challenge.
 */
export const up = `
ALTER TABLE api_clients ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
ALTER TABLE api_clients ADD COLUMN redirect_uris TEXT NOT NULL DEFAULT '[]';

INSERT INTO api_clients (client_id, tenant_id, secret_hash, act_as_user_allowed, scopes, create_time, public, redirect_uris)
SELECT 'cli_' || lower(hex(randomblob(12))), tenant_id, '', 0, '["containers","documents","versions","changes"]',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1, '["http://127.0.0.1/oauth/callback"]'
FROM tenants;

CREATE INDEX api_clients_public ON api_clients (tenant_id, public);

CREATE TABLE authorization_codes (
  code_hash TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX authorization_codes_expiry ON authorization_codes (expires_at);
`;
