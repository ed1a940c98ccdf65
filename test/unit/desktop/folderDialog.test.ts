/** The Electron folder picker against a fake dialog with Electron's showOpenDialog surface. */
import { describe, expect, it } from 'vitest';
import { pickFolderWith, type OpenDialogLike } from '../../../main/electron/folderDialog.ts';

function fakeDialog(answer: { canceled: boolean; filePaths: string[] }) {
  const asked: { window: string; properties: string[] }[] = [];
  const dialog: OpenDialogLike<string> = {
    showOpenDialog: async (window, options) => {
      asked.push({ window, properties: options.properties });
      return answer;
    },
  };
  return { dialog, asked };
}

describe('pickFolderWith', () => {
  it('asks for one folder over the app window and answers the chosen path', async () => {
    const { dialog, asked } = fakeDialog({ canceled: false, filePaths: ['/home/ann/Projects'] });
    expect(await pickFolderWith(dialog, 'main window')).toBe('/home/ann/Projects');
    expect(asked).toEqual([{ window: 'main window', properties: ['openDirectory', 'createDirectory', 'dontAddToRecent'] }]);
  });

  it('answers null when the person cancels', async () => {
    const { dialog } = fakeDialog({ canceled: true, filePaths: [] });
    expect(await pickFolderWith(dialog, 'w')).toBeNull();
  });
});
