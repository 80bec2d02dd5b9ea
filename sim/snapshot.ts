// A still picture a simulated recorder draws itself when it has no video encoder (docs/streaming.md#snapshots):
// colour bars, the camera's name and the time, as a PNG image.
import { deflateSync } from 'node:zlib';

/** 5x7 glyphs, one number per row, the leftmost pixel in the highest of five bits. */
const GLYPHS: Record<string, readonly number[]> = {
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '.': [0, 0, 0, 0, 0, 12, 12],
  '/': [0, 1, 2, 4, 8, 16, 0],
  ' ': [0, 0, 0, 0, 0, 0, 0],
  '?': [14, 17, 1, 2, 4, 0, 4],
};

const BARS: readonly [number, number, number][] = [
  [192, 192, 192],
  [192, 192, 0],
  [0, 192, 192],
  [0, 192, 0],
  [192, 0, 192],
  [192, 0, 0],
  [0, 0, 192],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 255] as number) ^ (c >>> 8);
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

/** Encodes RGB pixels (3 bytes each, rows top to bottom) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    // Filter byte 0 (none) before each row.
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(rows, y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Draws the camera's snapshot of this instant: colour bars, a moving marker, its name and the UTC time. */
export function drawSnapshot(name: string, at: Date, width = 640, height = 360): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  const put = (x: number, y: number, [r, g, b]: readonly [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at3 = (y * width + x) * 3;
    rgb[at3] = r;
    rgb[at3 + 1] = g;
    rgb[at3 + 2] = b;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) put(x, y, BARS[Math.floor((x * BARS.length) / width)] ?? [0, 0, 0]);
  // A square that crosses the picture once a minute, so consecutive snapshots differ.
  const side = Math.round(height / 8);
  const left = Math.round(((at.getUTCSeconds() + at.getUTCMilliseconds() / 1000) / 60) * (width - side));
  for (let y = height - side * 2; y < height - side; y++)
    for (let x = left; x < left + side; x++) put(x, y, [255, 255, 255]);
  const scale = Math.max(2, Math.floor(height / 90));
  const text = (line: string, top: number) => {
    const glyphs = [...line.toUpperCase()];
    // A dark band behind the text so it reads on any bar.
    for (let y = top - scale; y < top + 8 * scale; y++)
      for (let x = 0; x < scale * (glyphs.length * 6 + 2); x++) put(x, y, [0, 0, 0]);
    glyphs.forEach((char, n) => {
      const rows = GLYPHS[char] ?? GLYPHS['?'] ?? [];
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col++) {
          if (!(bits & (16 >> col))) continue;
          for (let dy = 0; dy < scale; dy++)
            for (let dx = 0; dx < scale; dx++)
              put(scale * (1 + n * 6 + col) + dx, top + row * scale + dy, [255, 255, 255]);
        }
      });
    });
  };
  text(name, scale * 2);
  text(`${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`, scale * 12);
  text('SNAPSHOT', scale * 22);
  return encodePng(width, height, rgb);
}
