/**
 * Directory fsyncs shared by the downloads that land in one folder together. Each download needs
 * its new name on disk before the trees record it (docs/sync.md, "Durability"), and with several
 * files landing in a folder at once one fsync can stand for all of them: a caller may join a sync
 * of its folder that has not started yet, never one already running, which may have missed its
 * name. So a folder has at most one fsync running and one waiting.
 */
export class DirectorySyncs {
  private readonly running = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, Promise<void>>();

  constructor(private readonly syncDirectory: (dir: string) => Promise<void>) {}

  /** Resolves once `dir` has been fsynced by a call that started after this one was made. */
  sync(dir: string): Promise<void> {
    const waiting = this.waiting.get(dir);
    if (waiting) return waiting;
    const running = this.running.get(dir);
    if (!running) return this.start(dir);
    const next = running
      .catch(() => undefined)
      .then(() => {
        this.waiting.delete(dir);
        return this.start(dir);
      });
    this.waiting.set(dir, next);
    return next;
  }

  private start(dir: string): Promise<void> {
    const sync = this.syncDirectory(dir).finally(() => {
      if (this.running.get(dir) === sync) this.running.delete(dir);
    });
    this.running.set(dir, sync);
    return sync;
  }
}
