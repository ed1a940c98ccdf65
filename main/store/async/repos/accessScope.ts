/**
 * The facts permission resolution reads about the tree, over either database: a container's chain
 * of ancestors with their inheritance flags, and the type and metadata of containers and documents
 * that ACL policies match on. The tables are the tree's (schema.ts).
 */
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';

export interface ContainerFact {
  containerId: string;
  parentId: string | null;
  aclInheritEnabled: boolean;
  containerTypeId: string;
  metadata: Record<string, unknown>;
}

export interface DocumentFact {
  docId: string;
  containerId: string;
  documentTypeId: string;
  metadata: Record<string, unknown>;
}

interface ContainerRow {
  container_id: string;
  parent_id: string | null;
  acl_inherit_enabled: number;
  container_type_id: string;
  metadata: string;
}

interface DocumentRow {
  doc_id: string;
  container_id: string;
  document_type_id: string;
  metadata: string;
}

const toContainer = (r: ContainerRow): ContainerFact => ({
  containerId: r.container_id,
  parentId: r.parent_id,
  aclInheritEnabled: r.acl_inherit_enabled === 1,
  containerTypeId: r.container_type_id,
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
});

const toDocument = (r: DocumentRow): DocumentFact => ({
  docId: r.doc_id,
  containerId: r.container_id,
  documentTypeId: r.document_type_id,
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
});

export interface VersionRef {
  versionId: string;
  docId: string;
}

type Q = Kysely<StoreSchema>;
const CONTAINER_COLUMNS = ['container_id', 'parent_id', 'acl_inherit_enabled', 'container_type_id', 'metadata'] as const;
const DOCUMENT_COLUMNS = ['doc_id', 'container_id', 'document_type_id', 'metadata'] as const;

// Per request: every permission check walks the container's ancestors, and a document's reads its row.
const ancestryOf = compiledOnce((q: Q, tenantId: string, containerId: string) =>
  q
    .withRecursive('chain(id, depth)', (w) =>
      w
        .selectFrom('containers')
        .select(['container_id as id', sql<number>`0`.as('depth')])
        .where('tenant_id', '=', tenantId)
        .where('container_id', '=', containerId)
        .unionAll(
          w
            .selectFrom('containers as c')
            .innerJoin('chain', 'c.container_id', 'chain.id')
            .select([sql<string>`c.parent_id`.as('id'), sql<number>`chain.depth + 1`.as('depth')])
            .where('c.tenant_id', '=', tenantId)
            .where('c.parent_id', 'is not', null)
            .where('chain.depth', '<', 1000),
        ),
    )
    .selectFrom('chain')
    .innerJoin('containers as c', 'c.container_id', 'chain.id')
    .select(['c.container_id', 'c.parent_id', 'c.acl_inherit_enabled', 'c.container_type_id', 'c.metadata'])
    .orderBy('chain.depth'),
);
const documentById = compiledOnce((q: Q, tenantId: string, docId: string) =>
  q.selectFrom('documents').select(DOCUMENT_COLUMNS).where('tenant_id', '=', tenantId).where('doc_id', '=', docId),
);

export class AsyncAccessScopeRepository {
  constructor(private readonly q: Q) {}

  /** The container, then its parent, and so on up to the root; empty when the container is unknown. */
  async ancestry(tenantId: string, containerId: string): Promise<ContainerFact[]> {
    return (await ancestryOf.run(this.q, tenantId, containerId)).rows.map(toContainer);
  }

  async document(tenantId: string, docId: string): Promise<DocumentFact | undefined> {
    const [row] = (await documentById.run(this.q, tenantId, docId)).rows;
    return row && toDocument(row);
  }

  async activeContainers(tenantId: string): Promise<ContainerFact[]> {
    const rows = await this.q.selectFrom('containers').select(CONTAINER_COLUMNS).where('tenant_id', '=', tenantId).where('status', '=', 'ACTIVE').execute();
    return rows.map(toContainer);
  }

  async activeDocuments(tenantId: string): Promise<DocumentFact[]> {
    const rows = await this.q.selectFrom('documents').select(DOCUMENT_COLUMNS).where('tenant_id', '=', tenantId).where('state', '=', 'ACTIVE').execute();
    return rows.map(toDocument);
  }

  /**
   * Every version of the tenant's active documents, in the order versions/getPage lists them. Read
   * whole rather than iterated: a query cannot run on the connection while another is iterated, and
   * the caller checks each document as it goes.
   */
  async versionRefs(tenantId: string): Promise<VersionRef[]> {
    const rows = await this.q
      .selectFrom('versions as v')
      .innerJoin('documents as d', 'd.doc_id', 'v.doc_id')
      .select(['v.version_id', 'v.doc_id'])
      .where('v.tenant_id', '=', tenantId)
      .where('d.state', '=', 'ACTIVE')
      .orderBy('v.version_no', 'desc')
      .orderBy('v.version_id')
      .execute();
    return rows.map((r) => ({ versionId: r.version_id, docId: r.doc_id }));
  }
}
