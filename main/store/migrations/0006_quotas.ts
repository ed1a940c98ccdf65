/** Storage quotas per tenant. A tenant without a row, or with 0, has no quota. */
export const up = `
CREATE TABLE tenant_quotas (
  tenant_id TEXT PRIMARY KEY REFERENCES tenants(tenant_id),
  quota_bytes INTEGER NOT NULL CHECK (quota_bytes >= 0),
  update_time TEXT NOT NULL
);
`;
