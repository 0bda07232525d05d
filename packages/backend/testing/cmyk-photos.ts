/**
 * CMYK photos with ICC profiles for the tests of handle-post-create's CMYK conversion (icc.test.ts): a photo
 * of varied colours written by sharp in CMYK with its built-in CMYK profile (LittleCMS's work), the same JPEG
 * with its profile swapped for another, and small synthetic CMYK profiles of the lookup-table types icc.ts
 * reads (lut8, lutAtoB with a matrix, parametric curves and a grid of its own per input), whose conversion
 * LittleCMS (through sharp) renders for comparison.
 */
import sharp from 'sharp';

/**
 * A photo-like RGB picture of every hue at every lightness (a hue sweep across, dark to light down) with a
 * desaturated stripe every third column and a little noise: every region of the CMYK gamut, not a flat fill.
 */
export function variedColours(width = 192, height = 128): { data: Buffer; width: number; height: number } {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31 - 0.5) * 12;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const hue = (x / width) * 6;
      const lightness = y / (height - 1);
      const saturation = x % 3 === 0 ? 0.35 : 1;
      for (let i = 0; i < 3; i++) {
        const pure = Math.min(
          1,
          Math.max(0, [Math.abs(hue - 3) - 1, 2 - Math.abs(hue - 2), 2 - Math.abs(hue - 4)][i]!),
        );
        const c = pure * saturation + (1 - saturation) * 0.5;
        const v = lightness < 0.5 ? 2 * lightness * c : c + (2 * lightness - 1) * (1 - c);
        data[(y * width + x) * 3 + i] = Math.max(0, Math.min(255, Math.round(v * 255 + noise())));
      }
    }
  }
  return { data, width, height };
}

/** variedColours() as a CMYK JPEG carrying sharp's built-in CMYK profile (lut16, Lab PCS), as LittleCMS converts it. */
export async function cmykPhotoWithProfile(width = 192, height = 128): Promise<Buffer> {
  const picture = variedColours(width, height);
  return sharp(picture.data, { raw: { width, height, channels: 3 } })
    .toColourspace('cmyk')
    .withIccProfile('cmyk')
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The JPEG's segments before its scan data, and the rest. */
function jpegHeaderSegments(bytes: Buffer): { segments: Buffer[]; rest: Buffer } {
  const segments: Buffer[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== 0xda) {
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    segments.push(bytes.subarray(at, end));
    at = end;
  }
  return { segments, rest: bytes.subarray(at) };
}

const isIccSegment = (segment: Buffer) =>
  segment[1] === 0xe2 && segment.subarray(4, 16).toString('latin1') === 'ICC_PROFILE\0';

/** The JPEG without the segments `drop` picks (by marker and the segment's data). */
export function withoutSegments(bytes: Buffer, drop: (marker: number, data: Buffer) => boolean): Buffer {
  const { segments, rest } = jpegHeaderSegments(bytes);
  const kept = segments.filter((s) => !drop(s[1]!, s.subarray(4)));
  return Buffer.concat([bytes.subarray(0, 2), ...kept, rest]);
}

/** The JPEG with its ICC profile replaced by `profile` (split over APP2 segments as ICC.1 Annex B says). */
export function withIccProfile(bytes: Buffer, profile: Uint8Array): Buffer {
  const { segments, rest } = jpegHeaderSegments(bytes);
  const chunkSize = 65_519;
  const count = Math.ceil(profile.length / chunkSize);
  const chunks = Array.from({ length: count }, (_, i) => {
    const data = profile.subarray(i * chunkSize, (i + 1) * chunkSize);
    const head = Buffer.alloc(18);
    head.writeUInt16BE(0xffe2, 0);
    head.writeUInt16BE(2 + 14 + data.length, 2);
    head.write('ICC_PROFILE\0', 4, 'latin1');
    head[16] = i + 1;
    head[17] = count;
    return Buffer.concat([head, data]);
  });
  const kept = segments.filter((s) => !isIccSegment(s));
  return Buffer.concat([bytes.subarray(0, 2), ...kept.slice(0, 1), ...chunks, ...kept.slice(1), rest]);
}

/** How far two RGB renderings of a photo are apart: the largest difference of a channel, and the mean. */
export function difference(a: Uint8Array, b: Uint8Array): { max: number; mean: number } {
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (d > max) max = d;
    sum += d;
  }
  return { max, mean: sum / a.length };
}

// --- Synthetic profiles -------------------------------------------------------------------------------------

const s15Fixed16 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(Math.round(v * 65536));
  return b;
};
const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(Math.max(0, Math.min(65535, Math.round(v))));
  return b;
};
const padded = (b: Buffer) => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);

/** An ICC profile of class 'prtr', colour space CMYK, with these tags (and a D50 white point). */
export function cmykProfile(version: 2 | 4, pcs: 'Lab ' | 'XYZ ', tags: Array<[string, Buffer]>): Uint8Array {
  const D50 = Buffer.concat([s15Fixed16(0.9642), s15Fixed16(1), s15Fixed16(0.8249)]);
  const all: Array<[string, Buffer]> = [['wtpt', Buffer.concat([Buffer.from('XYZ \0\0\0\0', 'latin1'), D50])], ...tags];
  const header = Buffer.alloc(128);
  header.writeUInt32BE(version === 4 ? 0x04300000 : 0x02100000, 8);
  header.write('prtrCMYK', 12, 'latin1');
  header.write(pcs, 20, 'latin1');
  header.write('acsp', 36, 'latin1');
  D50.copy(header, 68);
  const table = Buffer.alloc(4 + all.length * 12);
  table.writeUInt32BE(all.length, 0);
  const datas: Buffer[] = [];
  let offset = 128 + table.length;
  all.forEach(([signature, data], i) => {
    table.write(signature, 4 + i * 12, 'latin1');
    table.writeUInt32BE(offset, 8 + i * 12);
    table.writeUInt32BE(data.length, 12 + i * 12);
    datas.push(padded(data));
    offset += padded(data).length;
  });
  const profile = Buffer.concat([header, table, ...datas]);
  profile.writeUInt32BE(profile.length, 0);
  return new Uint8Array(profile);
}

/** A smooth, plausible CMYK -> Lab response (L*, a*, b*) of a press, for synthetic tables. */
export function pressLab(c: number, m: number, y: number, k: number): [number, number, number] {
  const L = 96 * (1 - 0.45 * c) * (1 - 0.5 * m) * (1 - 0.12 * y) * (1 - 0.82 * k) + 2;
  const shade = 1 - 0.75 * k;
  return [L, (-38 * c + 62 * m - 6 * y) * shade, (-48 * c - 12 * m + 78 * y) * shade];
}

/** lut8Type ('mft1'), 4 in, 3 out: input tables (a gamma), a `grid`^4 CLUT of pressLab, output tables. */
export function lut8Tag(grid: number): Buffer {
  const head = Buffer.alloc(48);
  head.write('mft1', 0, 'latin1');
  head[8] = 4;
  head[9] = 3;
  head[10] = grid;
  [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((v, i) => head.writeInt32BE(v * 65536, 12 + i * 4));
  const input = Buffer.from(
    Array.from({ length: 4 * 256 }, (_, i) => Math.round(((i % 256) / 255) ** (1 + 0.15 * Math.floor(i / 256)) * 255)),
  );
  const clut: number[] = [];
  for (let c = 0; c < grid; c++)
    for (let m = 0; m < grid; m++)
      for (let y = 0; y < grid; y++)
        for (let k = 0; k < grid; k++) {
          const [L, a, b] = pressLab(c / (grid - 1), m / (grid - 1), y / (grid - 1), k / (grid - 1));
          clut.push(Math.round((L / 100) * 255), Math.round(a + 128), Math.round(b + 128));
        }
  const output = Buffer.from(Array.from({ length: 3 * 256 }, (_, i) => i % 256));
  return Buffer.concat([head, input, Buffer.from(clut), output]);
}

/** parametricCurveType ('para') of function `fn` with these parameters. */
function para(fn: number, params: number[]): Buffer {
  const head = Buffer.alloc(12);
  head.write('para', 0, 'latin1');
  head.writeUInt16BE(fn, 8);
  return padded(Buffer.concat([head, ...params.map(s15Fixed16)]));
}

/** curveType ('curv'): a gamma (one entry) or a table. */
function curv(entries: number[], gamma?: number): Buffer {
  const head = Buffer.alloc(12);
  head.write('curv', 0, 'latin1');
  if (gamma !== undefined) {
    head.writeUInt32BE(1, 8);
    return padded(Buffer.concat([head, u16(gamma * 256)]));
  }
  head.writeUInt32BE(entries.length, 8);
  return padded(Buffer.concat([head, ...entries.map((v) => u16(v * 65535))]));
}

/**
 * lutAtoBType ('mAB '), 4 in, 3 out, to `pcs`: A curves (parametric and tabulated), a CLUT with a grid of its
 * own per input (5, 4, 3, 6) and `precision`-byte entries, M curves, a matrix with offsets, B curves. The CLUT
 * holds pressLab through the inverse of the matrix stage, so the whole is a plausible press.
 */
export function lutAtoBTag(pcs: 'Lab ' | 'XYZ ', precision: 1 | 2): Buffer {
  const grid = [5, 4, 3, 6];
  const matrix = [0.92, 0.05, 0.01, 0.02, 0.94, 0.03, 0.01, 0.02, 0.9];
  const offsets = [0.02, 0.01, 0.03];
  const aCurves = [
    para(0, [1.1]),
    para(3, [2.2, 0.95, 0.05, 0.08, 0.04]),
    curv([0, 0.2, 0.45, 0.72, 1]),
    para(1, [1.3, 1, 0]),
  ];
  const mCurves = [curv([]), curv([], 1), para(2, [1, 1, 0, 0])];
  const bCurves = [curv([], 1), para(0, [0.9]), curv([0, 0.26, 0.51, 0.76, 1])];
  // What the CLUT must hold for the pipeline to give pressLab: B^-1 then matrix^-1 then M^-1 (M is the identity).
  const invertTable = (v: number) => {
    const t = [0, 0.26, 0.51, 0.76, 1];
    for (let i = 0; i < 4; i++) if (v <= t[i + 1]!) return (i + (v - t[i]!) / (t[i + 1]! - t[i]!)) / 4;
    return 1;
  };
  const bInverse = [(v: number) => v, (v: number) => v ** (1 / 0.9), invertTable];
  const det = (m: number[]) =>
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const solve = (target: number[]) => {
    const rhs = target.map((t, i) => t - offsets[i]!);
    const d = det(matrix);
    return [0, 1, 2].map((col) => det(matrix.map((v, i) => (i % 3 === col ? rhs[Math.floor(i / 3)]! : v))) / d);
  };
  const encode = (L: number, a: number, b: number): number[] => {
    if (pcs === 'Lab ') return [L / 100, (a + 128) / 255, (b + 128) / 255];
    const fy = (L + 16) / 116;
    const f = (t: number) => (t > 6 / 29 ? t ** 3 : (108 / 841) * (t - 16 / 116));
    return [0.9642 * f(fy + a / 500), f(fy), 0.8249 * f(fy - b / 200)].map((v) => (v * 32768) / 65535);
  };
  const clut: Buffer[] = [];
  for (let c = 0; c < grid[0]!; c++)
    for (let m = 0; m < grid[1]!; m++)
      for (let y = 0; y < grid[2]!; y++)
        for (let k = 0; k < grid[3]!; k++) {
          const target = encode(
            ...pressLab(c / (grid[0]! - 1), m / (grid[1]! - 1), y / (grid[2]! - 1), k / (grid[3]! - 1)),
          );
          const beforeMatrix = solve(target.map((v, i) => bInverse[i]!(v)));
          for (const v of beforeMatrix) {
            const clipped = Math.max(0, Math.min(1, v));
            clut.push(precision === 2 ? u16(clipped * 65535) : Buffer.from([Math.round(clipped * 255)]));
          }
        }
  const clutHead = Buffer.alloc(20);
  grid.forEach((g, i) => (clutHead[i] = g));
  clutHead[16] = precision;
  const parts: Array<[string, Buffer]> = [
    ['B', Buffer.concat(bCurves)],
    ['matrix', Buffer.concat([...matrix, ...offsets].map(s15Fixed16))],
    ['M', Buffer.concat(mCurves)],
    ['CLUT', padded(Buffer.concat([clutHead, ...clut]))],
    ['A', Buffer.concat(aCurves)],
  ];
  const head = Buffer.alloc(32);
  head.write('mAB ', 0, 'latin1');
  head[8] = 4;
  head[9] = 3;
  let offset = 32;
  parts.forEach(([, data], i) => {
    head.writeUInt32BE(offset, 12 + i * 4);
    offset += data.length;
  });
  return Buffer.concat([head, ...parts.map(([, data]) => data)]);
}
