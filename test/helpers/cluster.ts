/**
 * A real cluster for tests: scripts/cluster.sh up on a state file of the test's own, and down at the
 * end. The credentials come back as environment variables, as `folio serve` takes them.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { removeDir, tempDir } from './server.ts';

const run = promisify(execFile);
// The SDK is pinned (package.json) and would warn on every client that Node 20 is ending for it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
export const CLUSTER_SCRIPT = resolve(import.meta.dirname, '../../scripts/cluster.sh');

/** One `folio serve` behind the balancer: its process, to kill -9, and its own address. */
export interface ClusterNode {
  name: string;
  pid: number;
  url: string;
}

export interface TestCluster {
  db: string;
  blobs: string;
  /** HAProxy in front of the nodes. */
  balancer: string;
  nodes: ClusterNode[];
  /** The data directory the nodes share (until `--db`): where `folio admin` makes tenants. */
  dataDir: string;
  /** PGPASSWORD, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. */
  env: Record<string, string>;
  down: () => Promise<void>;
}

/** The S3 keys `cluster.sh env` printed, as the S3 client takes them; missing keys fail here, not as a signature error later. */
export function clusterKeys(cluster: { env: Record<string, string> }): { accessKeyId: string; secretAccessKey: string } {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = cluster.env;
  if (!accessKeyId || !secretAccessKey) throw new Error('cluster.sh env printed no AWS_ACCESS_KEY_ID or AWS_SECRET_ACCESS_KEY');
  return { accessKeyId, secretAccessKey };
}

export interface ClusterOptions {
  nodes?: 1 | 2;
  /** Go to every node's `folio serve` (FOLIO_CLUSTER_SERVE_ARGS). */
  serveArgs?: string[];
}

/**
 * A part that never comes up fails the start after this long, naming the part and printing the
 * cluster's logs, well within a test hook's guard (HEAVY_TEST_MS); the script's own default is 600 s.
 */
const PART_DEADLINE_S = '120';

/** The environment that points cluster.sh at the state file under `work`. */
function stateEnv(work: string, serveArgs: string[] = []): NodeJS.ProcessEnv {
  return {
    FOLIO_CLUSTER_READY_TIMEOUT_S: PART_DEADLINE_S,
    ...process.env,
    FOLIO_CLUSTER_STATE: join(work, 'state'),
    FOLIO_CLUSTER_SERVE_ARGS: serveArgs.join(' '),
  };
}

/** `work` holds the cluster's state file; `signal` ends a start that has not returned. */
export async function clusterUp({ nodes = 2, serveArgs = [] }: ClusterOptions = {}, work = tempDir('folio-cluster-'), signal?: AbortSignal): Promise<TestCluster> {
  const env = stateEnv(work, serveArgs);
  const { stdout } = await run('bash', [CLUSTER_SCRIPT, 'up', '--nodes', String(nodes)], { env, signal });
  const line = (name: string) => stdout.split('\n').find((l) => l.startsWith(`${name} `))?.slice(name.length + 1) ?? '';
  const secrets: Record<string, string> = {};
  for (const m of (await run('bash', [CLUSTER_SCRIPT, 'env'], { env })).stdout.matchAll(/^export (\w+)='([^']*)'$/gm)) secrets[m[1]!] = m[2]!;
  const status = (await run('bash', [CLUSTER_SCRIPT, 'status'], { env })).stdout;
  return {
    db: line('db'),
    blobs: line('blobs'),
    balancer: line('balancer on'),
    nodes: [...status.matchAll(/^node (\S+) (\d+) (\S+)$/gm)].map((m) => ({ name: m[1]!, pid: Number(m[2]), url: m[3]! })),
    dataDir: /^data (.+)$/m.exec(status)?.[1] ?? '',
    env: secrets,
    down: () => clusterDown(work),
  };
}

/** Stops what `up` started on `work`'s state file, whether or not `up` finished (exit 3: nothing is up). */
export async function clusterDown(work: string): Promise<void> {
  await run('bash', [CLUSTER_SCRIPT, 'down'], { env: stateEnv(work) }).catch((err: { code?: unknown }) => {
    if (err.code !== 3) throw err;
  });
  removeDir(work);
}
