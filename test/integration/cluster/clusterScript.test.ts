/**
 * scripts/cluster.sh starts a real PostgreSQL and a real Swift with s3api on 127.0.0.1, prints the
 * lines other tools read, and `down` stops everything `up` started (docs/deploy.md, "Running Folio
 * Service on several nodes").
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBlobLocation } from '../../../main/store/blobLocation.ts';
import { s3ClientFor } from '../../../main/store/s3Blobs.ts';
import { clusterDown, clusterKeys, clusterUp } from '../../helpers/cluster.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, '../../../scripts/cluster.sh');

interface Cluster {
  db: URL;
  blobs: URL;
  env: Record<string, string>;
  dir: string;
  balancer: string;
}

/** Alive and not a zombie (/proc/PID/stat's third field). */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const m of text.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]!] = m[2]!;
  return env;
}

describe('scripts/cluster.sh', () => {
  const work = mkdtempSync(join(tmpdir(), 'folio-cluster-test-'));
  const stateEnv = { ...process.env, FOLIO_CLUSTER_STATE: join(work, 'state') };
  let cluster: Cluster;

  beforeAll(async () => {
    const up = await run('bash', [SCRIPT, 'up'], { env: stateEnv });
    const lines = up.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^db postgres:\/\/folio@127\.0\.0\.1:\d+\/folio$/);
    expect(lines[1]).toMatch(/^blobs s3:\/\/folio\?endpoint=http:\/\/127\.0\.0\.1:\d+&region=us-east-1$/);
    expect(lines[2]).toMatch(/^balancer on http:\/\/127\.0\.0\.1:\d+$/);
    const env = parseEnv((await run('bash', [SCRIPT, 'env'], { env: stateEnv })).stdout);
    cluster = {
      db: new URL(lines[0]!.slice('db '.length)),
      blobs: new URL(lines[1]!.slice('blobs '.length)),
      env,
      dir: readFileSync(join(work, 'state'), 'utf8').trim(),
      balancer: lines[2]!.slice('balancer on '.length),
    };
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    if (existsSync(join(work, 'state'))) await run('bash', [SCRIPT, 'down'], { env: stateEnv });
    rmSync(work, { recursive: true, force: true });
  }, HEAVY_TEST_MS);

  it('prints no secret in the lines, and keeps the secrets for `env`', () => {
    expect(cluster.env.PGPASSWORD).toMatch(/^\w{16,}$/);
    expect(cluster.env.AWS_SECRET_ACCESS_KEY).toMatch(/^\w{16,}$/);
    expect(cluster.db.password).toBe('');
    expect(cluster.blobs.href).not.toContain(cluster.env.AWS_SECRET_ACCESS_KEY);
  });

  it('starts a PostgreSQL 15 that takes the password from the environment', async () => {
    // pg lets a connection string's fields override the others, so name them one by one.
    const at = (password: string) =>
      new pg.Client({ host: cluster.db.hostname, port: Number(cluster.db.port), user: cluster.db.username, database: cluster.db.pathname.slice(1), password });
    const client = at(cluster.env.PGPASSWORD!);
    await client.connect();
    try {
      const { rows } = await client.query<{ v: string }>('SELECT current_setting($$server_version$$) AS v');
      expect(rows[0]!.v).toMatch(/^15\./);
    } finally {
      await client.end();
    }
    const wrong = at('not-the-password');
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
  });

  it('starts an S3 store that keeps objects, serves ranges and completes multipart uploads', async () => {
    const s3 = s3ClientFor(parseBlobLocation(cluster.blobs.href), clusterKeys(cluster));
    const Bucket = cluster.blobs.hostname;
    await s3.send(new PutObjectCommand({ Bucket, Key: 'small', Body: 'hello world' }));
    const range = await s3.send(new GetObjectCommand({ Bucket, Key: 'small', Range: 'bytes=6-' }));
    expect(await range.Body!.transformToString()).toBe('world');

    const part = Buffer.alloc(5 * 1024 * 1024, 'a');
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key: 'big' }));
    const etags = [];
    for (const [i, body] of [part, Buffer.from('tail')].entries()) {
      const r = await s3.send(new UploadPartCommand({ Bucket, Key: 'big', UploadId, PartNumber: i + 1, Body: body }));
      etags.push({ PartNumber: i + 1, ETag: r.ETag! });
    }
    await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key: 'big', UploadId, MultipartUpload: { Parts: etags } }));
    const whole = await s3.send(new GetObjectCommand({ Bucket, Key: 'big', Range: `bytes=${part.length}-` }));
    expect(await whole.Body!.transformToString()).toBe('tail');
    s3.destroy();
  });

  it('balances over two folio serve nodes, each health-checked on /readyz, and names the node that answered', async () => {
    const status = (await run('bash', [SCRIPT, 'status'], { env: stateEnv })).stdout;
    const nodes = [...status.matchAll(/^node (node\d) (\d+) (http:\/\/127\.0\.0\.1:\d+)$/gm)].map((m) => m[1]);
    expect(nodes).toEqual(['node1', 'node2']);
    const answered = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${cluster.balancer}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', database: 'ok', blobs: 'ok' });
      answered.add(res.headers.get('x-folio-node') ?? '');
    }
    expect([...answered].sort()).toEqual(['node1', 'node2']);
    expect(readFileSync(join(cluster.dir, 'haproxy.cfg'), 'utf8')).toMatch(/option httpchk GET \/readyz/);
  });

  it('refuses a second `up` on the same state, and `down` stops every process it started', async () => {
    await expect(run('bash', [SCRIPT, 'up'], { env: stateEnv })).rejects.toMatchObject({ code: 2 });
    const pids = readFileSync(join(cluster.dir, 'pids'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => Number(line.split(' ')[1]));
    // PostgreSQL, memcached, four Swift servers, two nodes and HAProxy.
    expect(pids.length).toBe(9);
    await run('bash', [SCRIPT, 'down'], { env: stateEnv });
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    expect(existsSync(cluster.dir)).toBe(false);
    await expect(run('bash', [SCRIPT, 'down'], { env: stateEnv })).rejects.toMatchObject({ code: 3 });
  }, HEAVY_TEST_MS);
});

describe('a start that never returned', () => {
  it('is ended and stopped by the fixture’s stop: nothing it started is left running', async () => {
    const work = mkdtempSync(join(tmpdir(), 'folio-cluster-hung-'));
    const starting = new AbortController();
    const up = clusterUp({ nodes: 1 }, work, starting.signal);
    const pidsFile = () => {
      const dir = existsSync(join(work, 'state')) ? readFileSync(join(work, 'state'), 'utf8').trim() : '';
      return dir && existsSync(join(dir, 'pids')) ? join(dir, 'pids') : '';
    };
    // Half way: PostgreSQL runs, the rest is still starting.
    await until('PostgreSQL to be started', () => pidsFile() !== '' && readFileSync(pidsFile(), 'utf8').trim() !== '');
    const pidsAt = pidsFile();
    starting.abort();
    await expect(up).rejects.toMatchObject({ name: 'AbortError' });
    const pids = readFileSync(pidsAt, 'utf8')
      .trim()
      .split('\n')
      .map((line) => Number(line.split(' ')[1]));
    await clusterDown(work);
    expect(pids.length).toBeGreaterThan(0);
    // Its parent gone, an ended process waits as a zombie of init until init reaps it: ended all the same.
    expect(pids.filter(running)).toEqual([]);
    expect(existsSync(work)).toBe(false);
  }, HEAVY_TEST_MS);
});
