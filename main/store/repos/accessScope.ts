/**
 * The facts permission resolution reads about the tree: a container's chain of ancestors with
 * their inheritance flags, and the type and metadata of containers and documents that ACL
 * policies match on.
 */
import { Repository } from '../db.ts';

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

export class AccessScopeRepository extends Repository {

  private readonly ancestryStmt = this.db.prepare<[string, string, string], ContainerRow & { depth: number }>(
    `WITH RECURSIVE chain(id, depth) AS (
       SELECT container_id, 0 FROM containers WHERE tenant_id = ? AND container_id = ?
       UNION ALL SELECT c.parent_id, chain.depth + 1 FROM containers c JOIN chain ON c.container_id = chain.id
         WHERE c.tenant_id = ? AND c.parent_id IS NOT NULL AND chain.depth < 1000
     ) SELECT c.container_id, c.parent_id, c.acl_inherit_enabled, c.container_type_id, c.metadata, chain.depth
       FROM chain JOIN containers c ON c.container_id = chain.id ORDER BY chain.depth`,
  );
  private readonly documentStmt = this.db.prepare<[string, string], DocumentRow>(
    'SELECT doc_id, container_id, document_type_id, metadata FROM documents WHERE tenant_id = ? AND doc_id = ?',
  );

  /** The container, then its parent, and so on up to the root; empty when the container is unknown. */
  ancestry(tenantId: string, containerId: string): ContainerFact[] {
    return this.ancestryStmt.all(tenantId, containerId, tenantId).map(toContainer);
  }

  document(tenantId: string, docId: string): DocumentFact | undefined {
    const row = this.documentStmt.get(tenantId, docId);
    return row && toDocument(row);
  }

  activeContainers(tenantId: string): ContainerFact[] {
    return this.prepared<[string], ContainerRow>(
        "SELECT container_id, parent_id, acl_inherit_enabled, container_type_id, metadata FROM containers WHERE tenant_id = ? AND status = 'ACTIVE'",
      )
      .all(tenantId)
      .map(toContainer);
  }

  activeDocuments(tenantId: string): DocumentFact[] {
    return this.prepared<[string], DocumentRow>("SELECT doc_id, container_id, document_type_id, metadata FROM documents WHERE tenant_id = ? AND state = 'ACTIVE'")
      .all(tenantId)
      .map(toDocument);
  }

  /** Every version of the tenant's active documents, in the order versions/getPage lists them. */
  *versionRefs(tenantId: string): IterableIterator<VersionRef> {
    const rows = this.prepared<[string], { version_id: string; doc_id: string }>(
        `SELECT v.version_id, v.doc_id FROM versions v JOIN documents d ON d.doc_id = v.doc_id
         WHERE v.tenant_id = ? AND d.state = 'ACTIVE' ORDER BY v.version_no DESC, v.version_id`,
      )
      .iterate(tenantId);
    for (const r of rows) yield { versionId: r.version_id, docId: r.doc_id };
  }
}
