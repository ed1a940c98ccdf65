/**
 * A stored container as v1 answers it. The record gives every field it shares with the schema; the
 * service gives what it works out for the caller. Cut by the schema, so no store-only field leaks out.
 */
import { fieldsOf } from '../../../shared/v1/fields.ts';
import { Container } from '../../../shared/v1/resources.ts';
import type { ContainerRecord } from '../../store/async/repos/containers.ts';

/** What a Container says that the record does not hold: names, and what the caller may do there. */
export type ContainerFacts = Pick<Container, 'parentName' | 'containerTypeName' | 'createByName' | 'effectivePermissions' | 'hasChildren'>;

export function toContainer(c: ContainerRecord, facts: ContainerFacts): Container {
  // A tenant's root is stored with a null parent; v1 says '' for "no parent".
  return fieldsOf(Container, { ...c, ...facts, parentId: c.parentId ?? '', metadataColumns: c.metadata });
}
