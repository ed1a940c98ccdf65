/** A new folder's record for the asynchronous store's container repository, as the tests and benchmarks write them. */
import type { NewContainer } from '../../main/store/async/repos/containers.ts';

export const newFolder = (tenantId: string, parentId: string | null, name: string, more: Partial<NewContainer> = {}): NewContainer => ({
  tenantId,
  parentId,
  containerTypeId: 'ctt_folder',
  name,
  description: '',
  sortOrder: 0,
  metadata: {},
  aclInheritEnabled: true,
  systemKind: null,
  createBy: 'usr_a',
  ...more,
});
