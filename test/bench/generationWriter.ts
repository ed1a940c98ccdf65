/**
 * One node of the generation benchmark (./generation.ts), on a worker thread with its own pool:
 * `writers` writers, each of a tenant of its own, commit `units` units of work one after another,
 * all writers at once. A unit is what the container service's create commits: a container under the
 * tenant's root, its ACL entry and its change. The node makes its tenants and roots, answers
 * 'ready', runs on 'go', and answers the units it committed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openAsyncPostgres, type AsyncDatabase } from '../../main/store/async/database.ts';
import type { NewContainer } from '../../main/store/async/repos/containers.ts';
import { newFolder } from '../helpers/treeRecords.ts';

export interface GenerationWriterJob {
  node: string;
  postgresUrl: string;
  password: string | undefined;
  writers: number;
  units: number;
}

const folder = (tenantId: string, parentId: string | null, name: string): NewContainer => newFolder(tenantId, parentId, name, { createBy: 'usr_bench' });

async function createIn(db: AsyncDatabase, tenantId: string, parentId: string | null, name: string): Promise<string> {
  return db.transaction(async (tx) => {
    const c = await tx.containers.create(folder(tenantId, parentId, name));
    await tx.acl.entries.insert(tenantId, { containerId: c.containerId, principalType: 'EVERYONE', principalId: '', role: 'EDITOR', allowMask: 39, denyMask: 0 }, 'usr_bench');
    tx.changes.record({ tenantId, op: 'create', kind: 'container', id: c.containerId, parentId: parentId ?? '', name, deleted: false });
    return c.containerId;
  });
}

const job = (workerData as { job: GenerationWriterJob }).job;
const port = parentPort;
if (!port) throw new Error('generationWriter runs as a worker thread');
const db = await openAsyncPostgres(job.postgresUrl, job.password);
try {
  const writers: { tenantId: string; root: string }[] = [];
  for (let w = 0; w < job.writers; w++) {
    const tenantId = await db.repos.identity.createTenant(`bench-${job.node}-${w}`);
    writers.push({ tenantId, root: await createIn(db, tenantId, null, 'root') });
  }
  const go = new Promise<void>((resolve) => port.once('message', () => resolve()));
  port.postMessage('ready');
  await go;
  const counts = await Promise.all(
    writers.map(async ({ tenantId, root }) => {
      for (let u = 0; u < job.units; u++) await createIn(db, tenantId, root, `c-${u}`);
      return job.units;
    }),
  );
  port.postMessage(counts.reduce((a, b) => a + b, 0));
} finally {
  await db.close();
}
