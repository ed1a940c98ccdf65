/**
 * A process alone on its store at start (the only `folio serve` on its data directory,
 * main/store/dataDirNodes.ts, or an in-process service, SOLE_NODE) knows that every lease on the
 * queues' rows belongs to a process that ended, killed or crashed: it takes them all back at once,
 * instead of leaving those jobs, tasks and deliveries to wait for their leases to run out
 * (FOLIO_LEASE_MS).
 */
import type { UnitsOfWork } from '../store/async/database.ts';

/** Ends every lease on the queues' rows; the number of rows. */
export function takeBackLeases(units: UnitsOfWork): Promise<number> {
  return units.transaction(async (tx) => (await tx.jobs.endEveryLease()) + (await tx.tasks.endEveryLease()) + (await tx.webhookDeliveries.endEveryLease()));
}
