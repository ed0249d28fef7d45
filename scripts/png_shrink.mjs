// Makes a Chromium screenshot PNG smaller for the docs: decodes it (8-bit RGB or RGBA, not
// interlaced), keeps the top 6 bits of each channel (gradients lose their dithering noise, which
// is what makes them large), and encodes it again with the best row filter and zlib level 9.
import { readFileSync, writeFileSync } from 'node:fs';
import zlib from 'node:zlib';

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// Undoes PNG filter `type` on `row` given the previous unfiltered row, in place.
function unfilter(type, row, prev, bpp) {
  for (let i = 0; i < row.length; i += 1) {
    const a = i >= bpp ? row[i - bpp] : 0;
    const b = prev[i];
    const c = i >= bpp ? prev[i - bpp] : 0;
    const add = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type];
    row[i] = (row[i] + add) & 0xff;
  }
}

// The row filtered with each of the five filters; answers the one with the smallest sum.
function bestFilter(row, prev, bpp) {
  let best = null;
  let bestSum = Infinity;
  for (let type = 0; type < 5; type += 1) {
    const out = Buffer.alloc(row.length + 1);
    out[0] = type;
    let sum = 0;
    for (let i = 0; i < row.length; i += 1) {
      const a = i >= bpp ? row[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      const v = (row[i] - [0, a, b, (a + b) >> 1, paeth(a, b, c)][type]) & 0xff;
      out[i + 1] = v;
      sum += v < 128 ? v : 256 - v;
    }
    if (sum < bestSum) [best, bestSum] = [out, sum];
  }
  return best;
}

export function shrinkPng(file) {
  const png = readFileSync(file);
  let offset = 8;
  let ihdr = null;
  const idat = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') ihdr = Buffer.from(data);
    if (type === 'IDAT') idat.push(data);
    offset += length + 12;
  }
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const colour = ihdr[9];
  if (ihdr[8] !== 8 || (colour !== 2 && colour !== 6) || ihdr[12] !== 0) throw new Error(`${file}: not 8-bit RGB(A)`);
  const bpp = colour === 6 ? 4 : 3;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  let prev = Buffer.alloc(stride);
  const rows = [];
  let prevOut = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    unfilter(raw[y * (stride + 1)], row, prev, bpp);
    prev = row;
    const kept = Buffer.from(row);
    for (let i = 0; i < kept.length; i += 1) kept[i] = (i % bpp === 3 ? kept[i] : kept[i] & 0xfc);
    rows.push(bestFilter(kept, prevOut, bpp));
    prevOut = kept;
  }
  const body = zlib.deflateSync(Buffer.concat(rows), { level: 9 });
  const out = Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', body), chunk('IEND', Buffer.alloc(0))]);
  writeFileSync(file, out);
  return out.length;
}
