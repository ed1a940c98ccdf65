/** The Electron app's single-instance rule against a fake app with Electron's lock surface. */
import { describe, expect, it } from 'vitest';
import { firstInstance } from '../../../main/electron/singleInstance.ts';

function fakeApp(locked: boolean) {
  const app = { quits: 0, requestSingleInstanceLock: () => locked, quit: () => void app.quits++ };
  return app;
}

describe('firstInstance', () => {
  it('lets the first instance run', () => {
    const app = fakeApp(true);
    const said: string[] = [];
    expect(firstInstance(app, (l) => said.push(l))).toBe(true);
    expect(app.quits).toBe(0);
    expect(said).toEqual([]);
  });

  it('tells a second instance that Folio runs already, and quits it', () => {
    const app = fakeApp(false);
    const said: string[] = [];
    expect(firstInstance(app, (l) => said.push(l))).toBe(false);
    expect(app.quits).toBe(1);
    expect(said).toEqual(['folio: Folio is already running; its window is brought to the front']);
  });
});
