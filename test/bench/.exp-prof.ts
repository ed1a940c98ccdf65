import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { appApi, createTenant, tempDir, FOLIO_BIN } from '../helpers/server.ts';
import { seedVersions } from './seed.ts';

const work = tempDir('folio-exp-');
const dataDir = join(work, 'folio');
const tenant = await createTenant(dataDir, 'bench');
const docIds = await seedVersions(dataDir, tenant, { documents: 1000, versionsPerDocument: 100 });
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/benchx/prof', FOLIO_BIN, 'serve', '--data', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((res) => child.stdout.on('data', (d: Buffer) => { const m = /listening on (\S+)/.exec(d.toString()); if (m?.[1]) res(m[1]); }));
const api = await appApi(url, tenant);
const which = process.argv[2] ?? 'getPage';
let i = 0;
const r = await autocannon({
  url: which === 'getPage' ? `${url}/v1/versions/getPage` : `${url}/v1/documents/get`,
  method: which === 'getPage' ? 'POST' : 'GET',
  headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
  connections: 16, duration: 8,
  requests: [{ setupRequest: (req) => (which === 'getPage' ? { ...req, body: JSON.stringify({ docId: docIds[i++ % 1000], pageSize: 20 }) } : { ...req, path: `/v1/documents/get?docId=${docIds[i++ % 1000]}` }) }],
});
console.log(which, r.requests.average, r.non2xx);
child.kill('SIGTERM');
await new Promise((res) => child.once('exit', res));
