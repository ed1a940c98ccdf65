/**
 * The app icon (scripts/render-icon.mjs, run by `prepare`): electron-builder packs assets/icon.png
 * and makes the Windows and macOS icons from it, and needs at least 512 pixels a side. The SVG is
 * drawn at the full size, not rasterised small and scaled up.
 */
import { join } from 'node:path';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { ICON_SIZE, renderIcon } from '../../../scripts/render-icon.mjs';
import { removeDir, tempDir } from '../../helpers/server.ts';

const dir = tempDir('folio-icon-');
afterAll(() => removeDir(dir));

describe('the app icon', () => {
  it('is the SVG drawn at 1024 pixels a side, with sharp edges', async () => {
    const target = join(dir, 'icon.png');
    await renderIcon(undefined, target);
    const image = await loadImage(target);
    expect([image.width, image.height]).toEqual([ICON_SIZE, ICON_SIZE]);
    const canvas = createCanvas(ICON_SIZE, ICON_SIZE);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const alpha = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[3];
    expect(alpha(4, 4), 'a corner is transparent').toBe(0);
    expect(alpha(512, 600), 'the folder is opaque').toBe(255);
    // The folder's left edge (x = 112 of 1024) goes from clear to opaque within two pixels; a 256-pixel
    // rendering scaled up blurs it over eight.
    const row = Array.from({ length: 16 }, (_, i) => alpha(104 + i, 600) ?? 0);
    expect(row.filter((a) => a > 0 && a < 255).length).toBeLessThanOrEqual(2);
  });
});
