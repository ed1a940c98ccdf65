/**
 * `folio open [--state DIR]`: the login URL of the headless desktop running on a state folder,
 * printed again (the one `folio start` printed scrolled away, or went to a service's log). The
 * URL is checked against the running UI before it is printed.
 */
import { parseArgs } from 'node:util';
import { runningInstance, uiUrls } from '../desktop/instance.ts';
import { appDataDir } from '../platform/paths.ts';
import { CliFailure } from './failure.ts';

export async function runOpen(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { state: { type: 'string' } }, strict: true });
  const stateDir = values.state ?? appDataDir();
  const running = runningInstance(stateDir);
  if (!running) throw new CliFailure('NOT_FOUND', `Folio is not running on ${stateDir}; start it with 'folio start'`);
  if (running.port === 0) throw new CliFailure('NOT_FOUND', `Folio is starting on ${stateDir} (pid ${running.pid}); try again in a moment`);
  const { url, openUrl } = uiUrls(running);
  const answer = await fetch(`${url}api/getAccount`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => null);
  if (answer?.status !== 200) throw new CliFailure('NOT_FOUND', `Folio (pid ${running.pid}) does not answer on ${url}`);
  console.log(`ui on ${openUrl}`);
  return 0;
}
