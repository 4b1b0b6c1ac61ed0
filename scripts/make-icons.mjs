#!/usr/bin/env node
// Draws Flowline's logo — a rounded teal-to-navy tile, three production bars and a rising
// white flow line — as build/icon.svg and, rasterised here without any dependency, as
// build/icon.png (1024×1024, what electron-builder turns into .icns, .ico and Linux sizes).
//
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIZE = 1024;

// The logo, in a 1024 × 1024 box.
const TILE = { x: 64, y: 64, size: 896, radius: 200 };
const FROM = [20, 184, 166]; // #14b8a6
const TO = [30, 58, 138]; // #1e3a8a
const BARS = [
  { x: 250, width: 120, top: 620 },
  { x: 452, width: 120, top: 500 },
  { x: 654, width: 120, top: 380 },
].map((bar) => ({ ...bar, bottom: 800, radius: 24 }));
const LINE = [
  [236, 690],
  [410, 540],
  [560, 590],
  [780, 330],
];
const LINE_WIDTH = 56;
const DOT = { x: 780, y: 330, r: 56 };

export function svg() {
  const bars = BARS.map(
    (b) =>
      `<rect x="${b.x}" y="${b.top}" width="${b.width}" height="${b.bottom - b.top}" rx="${b.radius}" fill="#ffffff" fill-opacity="0.28"/>`,
  ).join('\n  ');
  const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <title>Flowline</title>
  <defs>
    <linearGradient id="tile" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hex(FROM)}"/>
      <stop offset="1" stop-color="${hex(TO)}"/>
    </linearGradient>
  </defs>
  <rect x="${TILE.x}" y="${TILE.y}" width="${TILE.size}" height="${TILE.size}" rx="${TILE.radius}" fill="url(#tile)"/>
  ${bars}
  <polyline points="${LINE.map((p) => p.join(',')).join(' ')}" fill="none" stroke="#ffffff" stroke-width="${LINE_WIDTH}" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="${DOT.x}" cy="${DOT.y}" r="${DOT.r}" fill="#ffffff"/>
</svg>
`;
}

function inRoundedRect(x, y, left, top, width, height, radius) {
  if (x < left || y < top || x > left + width || y > top + height) return false;
  const cx = Math.min(Math.max(x, left + radius), left + width - radius);
  const cy = Math.min(Math.max(y, top + radius), top + height - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function distanceToSegment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** The colour (RGBA, premultiplied-free) of one point of the logo. */
function sample(x, y) {
  const { x: tx, y: ty, size, radius } = TILE;
  if (!inRoundedRect(x, y, tx, ty, size, size, radius)) return [0, 0, 0, 0];
  const t = Math.min(1, Math.max(0, (x - tx + (y - ty)) / (2 * size)));
  let rgb = FROM.map((c, i) => c + (TO[i] - c) * t);
  for (const b of BARS) {
    if (inRoundedRect(x, y, b.x, b.top, b.width, b.bottom - b.top, b.radius)) {
      rgb = rgb.map((c) => c + (255 - c) * 0.28);
    }
  }
  let onLine = Math.hypot(x - DOT.x, y - DOT.y) <= DOT.r;
  for (let i = 0; !onLine && i < LINE.length - 1; i += 1) {
    onLine = distanceToSegment(x, y, LINE[i], LINE[i + 1]) <= LINE_WIDTH / 2;
  }
  if (onLine) rgb = [255, 255, 255];
  return [...rgb, 255];
}

export function rasterise(size = SIZE, samples = 3) {
  const scale = SIZE / size;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py += 1) {
    rows[py * (size * 4 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const [cr, cg, cb, ca] = sample(
            (px + (sx + 0.5) / samples) * scale,
            (py + (sy + 0.5) / samples) * scale,
          );
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const offset = py * (size * 4 + 1) + 1 + px * 4;
      rows[offset] = a ? Math.round(r / a) : 0;
      rows[offset + 1] = a ? Math.round(g / a) : 0;
      rows[offset + 2] = a ? Math.round(b / a) : 0;
      rows[offset + 3] = Math.round(a / (samples * samples));
    }
  }
  return encodePng(size, size, rows);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of 8-bit RGBA rows, each already prefixed with its filter byte. */
export function encodePng(width, height, filteredRows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filteredRows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function main() {
  const dir = join(ROOT, 'build');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'icon.svg'), svg());
  writeFileSync(join(dir, 'icon.png'), rasterise(SIZE));
  process.stdout.write(`Wrote ${join(dir, 'icon.svg')} and icon.png (${SIZE}×${SIZE})\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
