// Entry of the extractor thread. Worker threads do not inherit the main thread's TypeScript
// loader, so this registers tsx and then loads the TypeScript entry named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
