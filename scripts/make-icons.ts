/**
 * Draws the app's icons (the bars of apps/web/public/favicon.svg on the violet of the theme) as PNG and ICO files
 * into apps/web/public, without an image library: the shapes are rounded rectangles, sampled 4×4 per pixel.
 * Run once when the logo changes (`npx tsx scripts/make-icons.ts`); the files are committed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = join(import.meta.dirname, '..', 'apps', 'web', 'public');
/** Mantine's violet.filled, the app's primary colour (also theme-color in index.html and the manifest). */
const VIOLET = [0x67, 0x41, 0xd9] as const;
/** In favicon.svg's 64-unit box: x, y, width, height, corner radius. */
const BARS = [
  [14, 24, 6, 16, 3],
  [24, 14, 6, 36, 3],
  [34, 20, 6, 24, 3],
  [44, 28, 6, 8, 3],
] as const;

function inRoundedRect(px: number, py: number, x: number, y: number, w: number, h: number, r: number): boolean {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** RGBA pixels of the icon at `size` px; `rounded` false fills the whole square (maskable and Apple icons, whose
 *  platform applies its own mask). */
function draw(size: number, rounded: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const u = ((x + (sx + 0.5) / n) * 64) / size;
          const v = ((y + (sy + 0.5) / n) * 64) / size;
          if (!rounded || inRoundedRect(u, v, 0, 0, 64, 64, 14)) {
            bg++;
            if (BARS.some(([bx, by, bw, bh, br]) => inRoundedRect(u, v, bx, by, bw, bh, br))) fg++;
          }
        }
      }
      const total = n * n;
      const white = bg === 0 ? 0 : fg / bg;
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(VIOLET[c]! * (1 - white) + 255 * white);
      pixels[i + 3] = Math.round((255 * bg) / total);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size: number, rounded: boolean): Buffer {
  const pixels = draw(size, rounded);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method variant, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO holding PNG images (read by every current browser), for the clients that ask /favicon.ico blindly. */
function ico(sizes: number[]): Buffer {
  const images = sizes.map((size) => png(size, true));
  const head = Buffer.alloc(6 + 16 * sizes.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(sizes.length, 4);
  let offset = head.length;
  sizes.forEach((size, i) => {
    const at = 6 + 16 * i;
    head.writeUInt8(size % 256, at);
    head.writeUInt8(size % 256, at + 1);
    head.writeUInt16LE(1, at + 4);
    head.writeUInt16LE(32, at + 6);
    head.writeUInt32LE(images[i]!.length, at + 8);
    head.writeUInt32LE(offset, at + 12);
    offset += images[i]!.length;
  });
  return Buffer.concat([head, ...images]);
}

writeFileSync(join(OUT, 'favicon.ico'), ico([16, 32, 48]));
writeFileSync(join(OUT, 'icon-192.png'), png(192, true));
writeFileSync(join(OUT, 'icon-512.png'), png(512, true));
writeFileSync(join(OUT, 'icon-maskable-512.png'), png(512, false));
writeFileSync(join(OUT, 'apple-touch-icon.png'), png(180, false));
console.log(`icons written to ${OUT}`);
