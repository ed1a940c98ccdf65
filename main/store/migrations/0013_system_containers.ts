/**
 * A tenant's system containers (its root, its default folder) by kind: every access check and
 * every upload without a folder looks one up, and without this index that read every container
 * of the tenant, so a tenant with many folders paid for each of them on every request.
 */
export const up = `
CREATE INDEX containers_system ON containers (tenant_id, system_kind) WHERE system_kind IS NOT NULL;
`;
