/** `folio serve`: the service on one data directory, until SIGTERM or SIGINT. */
import { parseArgs } from 'node:util';
import { buildApp } from '../service/app.ts';
import { startHousekeeping } from '../service/housekeeping.ts';
import { openStore } from '../store/index.ts';
import { settingsFromEnv } from './environment.ts';
import { requireOption } from './options.ts';

export async function runServe(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '0' } },
    strict: true,
  });
  const dataDir = requireOption(values.data, '--data');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError(`--port must be 0..65535, not ${values.port}`);

  const settings = settingsFromEnv(process.env);
  const store = await openStore(dataDir);
  const app = await buildApp(store, { config: settings.service });
  const housekeeping = startHousekeeping(store, settings.service, settings.housekeeping);
  const address = await app.listen({ host: values.host, port });
  console.log(`listening on ${address}`);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  housekeeping.stop();
  await app.close();
  store.close();
  return 0;
}
