/**
 * The folder picker in Electron: the system's own dialog, over the app's window. A folder the
 * person makes there is made by them, in the dialog; nothing else is created on the way.
 */
export interface OpenDialogLike<W> {
  showOpenDialog(
    window: W,
    options: { title: string; buttonLabel: string; properties: ('openDirectory' | 'createDirectory' | 'dontAddToRecent')[] },
  ): Promise<{ canceled: boolean; filePaths: string[] }>;
}

/** The folder the person chose, or null when they cancelled. */
export async function pickFolderWith<W>(dialog: OpenDialogLike<W>, window: W): Promise<string | null> {
  const { canceled, filePaths } = await dialog.showOpenDialog(window, {
    title: 'Choose a folder to sync',
    buttonLabel: 'Choose',
    properties: ['openDirectory', 'createDirectory', 'dontAddToRecent'],
  });
  return canceled ? null : (filePaths[0] ?? null);
}
