/**
 * What a download asks of the file system, and from which thread (docs/performance.md, "Downloads:
 * client CPU per file"). A small file's part is created, written, given its attributes, linked
 * into place and unlinked by blocking calls of the main thread, its attributes through its
 * descriptor; only its fsync goes to the thread pool. Each trip through the pool cost a download
 * of many small files more CPU than the file's bytes did. A real `folio sync --once` runs under
 * strace, which records each call with the thread that made it.
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadFile, type FileAttributes } from '../../../main/remote/transfer.ts';
import { readCalls, requireStrace, straced } from '../../helpers/strace.ts';
import { sandbox } from './harness.ts';
import { syncOnceProcess } from './process.ts';

const { service, fresh } = sandbox();

beforeAll(() => requireStrace());

const CALLS = 'openat,write,pwrite64,utimensat,chmod,fchmod,fchmodat,link,linkat,unlink,unlinkat,fsync,close';
const PART = /\.folio-[0-9a-f]{20}\.part/;

describe('a download', () => {
  it('makes each part on the main thread, large or small, sets its mtime through its descriptor, and sends only its fsync to the pool', async () => {
    const s = await fresh();
    const dir = realpathSync(s.dir);
    const upload = async (folder: string, title: string, content: string | Buffer, attributes: FileAttributes) => {
      const file = join(s.scratch, title);
      writeFileSync(file, content);
      await uploadFile(service().client, file, { containerId: await s.remoteFolder(folder), title }, { attributes });
    };
    await upload('', 'alpha.sh', 'the first file', { fileMtime: 1_234_567_000, executable: true });
    await upload('Notes', 'beta.txt', 'the second file', { fileMtime: 1_234_568_000, executable: false });
    // Larger than a socket read, so that it comes in many pieces, each written as it arrives.
    const large = Buffer.alloc(3 * 1024 * 1024, 'large file ');
    await upload('Notes', 'gamma.bin', large, { fileMtime: 1_234_569_000 });
    const traceFile = join(s.scratch, 'trace.txt');
    const r = await syncOnceProcess({ server: service().server.url, container: s.rootId, dir, state: join(s.scratch, 'cli-state'), tenant: service().tenant, wrapper: straced(traceFile, CALLS) });
    expect(r.code, r.stderr).toBe(0);
    expect(s.read('alpha.sh')).toBe('the first file');
    expect(s.read('Notes/beta.txt')).toBe('the second file');
    expect(s.read('Notes/gamma.bin')).toBe(large.toString());

    const calls = readCalls(traceFile);
    // Node's main thread has the process's id; the threads it starts later have higher ones.
    const main = Math.min(...calls.map((c) => c.tid));
    const onParts = calls.filter((c) => PART.test(c.call));
    expect(onParts.filter((c) => /^openat\(.*O_CREAT/.test(c.call))).toHaveLength(3);
    expect(onParts.filter((c) => /^fsync\(/.test(c.call))).toHaveLength(3);
    expect(onParts.filter((c) => /^utimensat\(\d+</.test(c.call)), 'the mtime set through the open part').toHaveLength(3);
    expect(onParts.filter((c) => /^p?write(64)?\(/.test(c.call)).length, 'the large part written piece by piece').toBeGreaterThan(3);
    expect(onParts.filter((c) => /^(utimensat\(AT_FDCWD|chmod|fchmodat)/.test(c.call)), 'no attribute set by path').toEqual([]);
    expect(onParts.filter((c) => !/^fsync\(/.test(c.call) && c.tid !== main), 'calls on a part made off the main thread').toEqual([]);
  });
});
