// Renders assets/icon.svg to assets/icon.png at 1024×1024 (run by `prepare`): the Linux window
// and installer icon, and what electron-builder makes the Windows .ico and macOS .icns from (it
// needs at least 256 and 512 pixels). Generated, so not committed; the SVG is the source.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';

export const ICON_SIZE = 1024;
const SOURCE = fileURLToPath(new URL('../assets/icon.svg', import.meta.url));
const TARGET = fileURLToPath(new URL('../assets/icon.png', import.meta.url));

export async function renderIcon(source = SOURCE, target = TARGET) {
  // At its own size (256), the SVG would be rasterised small and then scaled up, blurred.
  const sized = readFileSync(source, 'utf8').replace(/<svg([^>]*?) width="\d+" height="\d+"/, `<svg$1 width="${ICON_SIZE}" height="${ICON_SIZE}"`);
  const svg = await loadImage(Buffer.from(sized));
  const canvas = createCanvas(ICON_SIZE, ICON_SIZE);
  canvas.getContext('2d').drawImage(svg, 0, 0, ICON_SIZE, ICON_SIZE);
  writeFileSync(target, await canvas.encode('png'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await renderIcon();
