/**
 * Tray images, one per state, drawn here as small PNGs (a filled dot in the state's colour, with
 * a transparent edge) so the tray needs no image files and shows the state at a glance.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { TrayView } from './trayModel.ts';

export const TRAY_COLOURS: Record<TrayView['icon'], [number, number, number]> = {
  idle: [31, 138, 76],
  syncing: [52, 89, 230],
  paused: [120, 128, 140],
  offline: [178, 106, 0],
  attention: [192, 54, 44],
  'signed-out': [160, 166, 176],
};

export function trayIconPng(icon: TrayView['icon'], size = 32): Buffer {
  const [r, g, b] = TRAY_COLOURS[icon];
  const rows: Buffer[] = [];
  const c = (size - 1) / 2;
  const radius = size * 0.42;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      // Coverage of the pixel by the disc, for a smooth edge.
      const d = Math.hypot(x - c, y - c);
      const alpha = Math.max(0, Math.min(1, radius + 0.5 - d));
      row.set([r, g, b, Math.round(alpha * 255)], 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
