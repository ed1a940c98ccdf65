/**
 * Showing a synced file to the person: in its folder in the file manager, or opened with the
 * system's default app. Electron has its shell for this (main/electron); headless, the OS's own
 * opener is started with the path as its one argument, never through a shell, so a file name is
 * never read as a command. FOLIO_OPENER names another program to start instead (the e2e tests
 * record the requests with one).
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { failure } from './failure.ts';

export interface Opener {
  /** Shows the file selected in its folder (or the folder itself, when the file is gone). */
  showInFolder(path: string): Promise<void>;
  /** Opens the file with the system's default app. */
  open(path: string): Promise<void>;
}

/** xdg-open, open or explorer: each takes one path and shows it as the desktop would. */
export function systemOpenerCommand(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (env.FOLIO_OPENER) return env.FOLIO_OPENER;
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return 'explorer.exe';
  return 'xdg-open';
}

/** The headless host's opener: no file manager can select a file, so "show in folder" opens its folder. */
export function commandOpener(command = systemOpenerCommand()): Opener {
  const run = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(command, [path], { shell: false, stdio: 'ignore', detached: true });
      child.once('error', (err) => reject(failure('NOT_SUPPORTED', `no program to open files with (${command}: ${err.message})`)));
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
  return { showInFolder: async (path) => run((await isFolder(path)) ? path : dirname(path)), open: run };
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

/** The deepest folder of `path` (itself included) that still exists, down to `root`. */
export async function nearestExisting(root: string, path: string): Promise<string> {
  for (let at = path; at.length > root.length; at = dirname(at)) {
    if (await stat(at).catch(() => null)) return at;
  }
  return root;
}
