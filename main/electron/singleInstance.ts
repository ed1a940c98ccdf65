/**
 * One Electron app per user: Electron's own lock (app.requestSingleInstanceLock). A second launch
 * says so and quits; the first hears of it ('second-instance') and brings its window forward.
 */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
}

/** True for the first instance; a second one is told, and quits. */
export function firstInstance(app: SingleInstanceApp, say: (line: string) => void = (line) => console.log(line)): boolean {
  if (app.requestSingleInstanceLock()) return true;
  say('folio: Folio is already running; its window is brought to the front');
  app.quit();
  return false;
}
