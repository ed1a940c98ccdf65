/**
 * `folio daemon` writes the state folder's log file (`<state>/logs/folio.log`) while it syncs
 * against a real `folio serve`: a line per sync round, per transfer, and per failure with the
 * service's code and request id, and no credential anywhere.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until, World } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

interface LogLine {
  level: number;
  msg: string;
  pair?: string;
  path?: string;
  direction?: string;
  bytes?: number;
  result?: string;
  code?: number;
  rid?: string;
  op?: string;
  uploaded?: number;
  downloaded?: number;
  converged?: boolean;
  duration?: number;
  pairs?: number;
}

const QUOTA_EXCEEDED = 150001;
let w: World;
let pairId = '';
let text = '';
let lines: LogLine[] = [];

beforeAll(async () => {
  w = await World.create();
  mkdirSync(w.dir, { recursive: true });
  writeFileSync(join(w.dir, 'local.txt'), 'written on this computer');
  await w.serviceUpload({ containerId: w.rootId, title: 'remote.txt' }, 'written on the service');
  pairId = await w.pairAdd();
  await w.startDaemon();
  await w.converged();

  // A quota below what is stored refuses the next upload: the failure is logged with its code.
  await w.folio(['admin', 'set-quota', '--data', w.server.dataDir, '--tenant', w.tenant.tenantId, '--bytes', '1']);
  writeFileSync(join(w.dir, 'too-big.txt'), 'x'.repeat(4096));
  await until('the refused upload', async () => (await w.status()).pairs[0]?.lastErrors.some((e) => e.includes(String(QUOTA_EXCEEDED))));
  expect(await w.stopDaemon()).toBe(0);

  text = readFileSync(join(w.stateDir, 'logs', 'folio.log'), 'utf8');
  lines = text.trim().split('\n').map((l) => JSON.parse(l) as LogLine);
}, HEAVY_TEST_MS);

afterAll(async () => {
  await w?.close();
});

describe('folio daemon log file', { timeout: HEAVY_TEST_MS }, () => {
  it('logs each sync round with its pair, counts and duration', () => {
    const round = lines.find((l) => l.msg === 'sync round' && l.converged && (l.uploaded ?? 0) + (l.downloaded ?? 0) > 0);
    expect(round).toMatchObject({ level: 30, pair: pairId, uploaded: 1, downloaded: 1 });
    expect(round?.duration).toBeGreaterThanOrEqual(0);
  });

  it('logs every transfer with its path, direction, bytes and result', () => {
    const transfers = lines.filter((l) => l.msg === 'transfer');
    expect(transfers).toContainEqual(expect.objectContaining({ pair: pairId, path: 'local.txt', direction: 'upload', bytes: 24, result: 'done' }));
    expect(transfers).toContainEqual(expect.objectContaining({ pair: pairId, path: 'remote.txt', direction: 'download', bytes: 22, result: 'done' }));
    const refused = transfers.find((l) => l.path === 'too-big.txt');
    expect(refused).toMatchObject({ level: 50, direction: 'upload', bytes: 4096, result: 'failed', code: QUOTA_EXCEEDED });
    expect(refused?.rid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs every failed operation as an error with the service code and request id', () => {
    const failure = lines.find((l) => l.msg === 'operation failed' && l.code === QUOTA_EXCEEDED);
    expect(failure).toMatchObject({ level: 50, pair: pairId, op: 'upload' });
    expect(failure?.rid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs start-up and shutdown, and never the client secret', () => {
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'started', pairs: 1 }));
    expect(lines.at(-1)?.msg).toBe('stopped');
    expect(text).not.toContain(w.tenant.clientSecret);
  });
});
