/**
 * What a sync keeps of a file (docs/sync.md, "What a sync keeps of a file"): its modification
 * time and its executable bit travel with each version, from one client through the service to
 * another, and the engine does not take its own writing of them for a local change.
 */
import { chmodSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadFile } from '../../../main/remote/transfer.ts';
import { sandbox, sha } from './harness.ts';

const { service, fresh } = sandbox();

/** A time in the past with sub-millisecond digits, as ext4 and APFS keep them. */
const PAST_SECONDS = 1_600_000_000.123_456;

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('file attributes', () => {
  it('a round trip keeps the mtime to the millisecond and the executable bit, and leaves a plain file plain', async () => {
    const a = await fresh();
    a.write('run.sh', '#!/bin/sh\necho hi\n');
    chmodSync(a.abs('run.sh'), 0o755);
    a.write('notes.txt', 'plain');
    chmodSync(a.abs('notes.txt'), 0o644);
    utimesSync(a.abs('run.sh'), PAST_SECONDS, PAST_SECONDS);
    utimesSync(a.abs('notes.txt'), PAST_SECONDS + 60, PAST_SECONDS + 60);
    expect((await a.settle()).uploaded).toBe(2);

    const doc = await a.remoteDoc('run.sh');
    const version = await service().client.getVersion(doc.currentVersionId);
    expect(version).toMatchObject({ fileMtime: Math.floor(statSync(a.abs('run.sh')).mtimeMs), executable: true });

    const b = await fresh({ rootId: a.rootId });
    expect((await b.settle()).downloaded).toBe(2);
    expect(b.read('run.sh')).toBe('#!/bin/sh\necho hi\n');
    for (const name of ['run.sh', 'notes.txt']) expect(Math.floor(statSync(b.abs(name)).mtimeMs)).toBe(Math.floor(statSync(a.abs(name)).mtimeMs));
    // What the umask allows a new file, with x wherever r is: 0644 becomes 0755 under umask 022.
    const probe = join(b.scratch, 'probe');
    writeFileSync(probe, '');
    const plain = modeOf(probe);
    expect(modeOf(b.abs('run.sh'))).toBe(plain | ((plain & 0o444) >> 2));
    expect(modeOf(b.abs('notes.txt'))).toBe(plain);

    // Its own utimes and chmod are not a local change: the next pass has nothing to do.
    expect(await b.settle()).toMatchObject({ uploaded: 0, downloaded: 0, rounds: 1, converged: true });
    expect(await a.settle()).toMatchObject({ uploaded: 0, downloaded: 0, rounds: 1, converged: true });
  });

  it('an edit on the second client comes back with its own mtime, and an executable made plain stays plain', async () => {
    const a = await fresh();
    a.write('tool', 'v1');
    chmodSync(a.abs('tool'), 0o755);
    await a.settle();
    const b = await fresh({ rootId: a.rootId });
    await b.settle();
    b.write('tool', 'v2, no longer a program');
    chmodSync(b.abs('tool'), 0o644);
    utimesSync(b.abs('tool'), PAST_SECONDS, PAST_SECONDS);
    expect((await b.settle()).uploaded).toBe(1);
    expect((await a.settle()).downloaded).toBe(1);
    expect(a.read('tool')).toBe('v2, no longer a program');
    expect(modeOf(a.abs('tool')) & 0o111).toBe(0);
    expect(Math.floor(statSync(a.abs('tool')).mtimeMs)).toBe(Math.floor(PAST_SECONDS * 1000));
  });

  it('a chunked upload keeps the attributes too', async () => {
    const s = await fresh();
    const file = join(s.scratch, 'big.bin');
    writeFileSync(file, Buffer.alloc(600_000, 7));
    const result = await uploadFile(service().client, file, { containerId: s.rootId, title: 'big.bin' }, { directThreshold: 1000, chunkSize: 262_144, attributes: { fileMtime: 1_234_567, executable: false } });
    expect(result).toMatchObject({ contentHash: sha(Buffer.alloc(600_000, 7)), fileMtime: 1_234_567, executable: false });
    expect(await service().client.getVersion(result.versionId)).toMatchObject({ fileMtime: 1_234_567, executable: false });
  });
});
