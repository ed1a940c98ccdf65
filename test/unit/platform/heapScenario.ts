/**
 * A child process for heap.test.ts: a live set that keeps growing, as a sync pass's trees do,
 * under a stream of objects that live a while and die, as its scans' and requests' do. Prints the
 * most heap V8 reserved on the way, in bytes; with `bounded` as its argument, after
 * boundHeapGrowth().
 */
import { boundHeapGrowth } from '../../../main/platform/heap.ts';

if (process.argv[2] === 'bounded') boundHeapGrowth();
const live: { id: string }[] = [];
const recent: ({ id: string; at: number[] } | undefined)[] = new Array(50_000);
let most = 0;
for (let i = 0; i < 600_000; i++) {
  if (i % 10 === 0) live.push({ id: `live-${i}-${Math.random()}` });
  recent[i % recent.length] = { id: `recent-${i}-${Math.random()}`, at: [i] };
  if (i % 2_000 === 0) most = Math.max(most, process.memoryUsage().heapTotal);
}
console.log(JSON.stringify({ most, live: live.length }));
