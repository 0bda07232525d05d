/**
 * Honouring a photo's embedded ICC profile when it is stored (issue 25, item 5). The stored photo carries no
 * profile (all metadata is stripped), and browsers show an untagged JPEG as sRGB: a photo in a wider colour
 * space (Display P3, as phones write, or Adobe RGB, as cameras do) would look washed out. So an RGB photo
 * whose profile is a matrix/TRC profile (every RGB camera and display profile: three primaries and three
 * tone curves) other than sRGB has its decoded pixels converted to sRGB here, in place, before the
 * placeholder and the re-encode, with the profile's own curves and primaries (relative colorimetric, both
 * adapted to D50 as ICC profiles are).
 *
 * Plain TypeScript, a few lookup tables and a 3x3 matrix: a full colour management module (LittleCMS as
 * WebAssembly, lcms-wasm) would pull a test framework into the function's dependencies, and the photos
 * needing it are RGB. CMYK profiles (lookup-table profiles) are not evaluated here: CMYK and YCCK photos
 * are converted as browsers show them without a profile (image.ts, cmykToRgbInPlace). Anything this does
 * not understand leaves the pixels as decoded.
 */

import { jpegSegments } from '@snapshire/contracts';

/** ICC profile data of a JPEG's APP2 "ICC_PROFILE" segments, joined in their order; null when there is none. */
export function jpegIccProfile(bytes: Uint8Array): Uint8Array | null {
  const chunks: Array<{ seq: number; data: Uint8Array }> = [];
  for (const { marker, start, end } of jpegSegments(bytes)) {
    // "ICC_PROFILE\0", then the chunk's number (from 1) and the number of chunks.
    if (
      marker === 0xe2 &&
      end - start > 14 &&
      String.fromCharCode(...bytes.subarray(start, start + 12)) === 'ICC_PROFILE\0'
    ) {
      chunks.push({ seq: bytes[start + 12]!, data: bytes.subarray(start + 14, end) });
    }
  }
  if (chunks.length === 0) return null;
  chunks.sort((a, b) => a.seq - b.seq);
  const size = chunks.reduce((sum, chunk) => sum + chunk.data.length, 0);
  const profile = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    profile.set(chunk.data, offset);
    offset += chunk.data.length;
  }
  return profile;
}

type Matrix = [number, number, number, number, number, number, number, number, number];
/** A tone curve: encoded value (0-1) to linear light (0-1). */
type Curve = (v: number) => number;

/** sRGB's primaries adapted to D50 (the sRGB IEC61966-2.1 profile's rXYZ, gXYZ, bXYZ as columns). */
const SRGB_D50: Matrix = [
  0.4360747, 0.3850649, 0.1430804, 0.2225045, 0.7168786, 0.0606169, 0.0139322, 0.0971045, 0.7141733,
];

/** sRGB's tone curve (IEC 61966-2-1). */
const srgbToLinear: Curve = (v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const linearToSrgb = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

function invert(m: Matrix): Matrix | null {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-9) return null;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

function multiply(x: Matrix, y: Matrix): Matrix {
  const out = new Array<number>(9) as Matrix;
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      out[r * 3 + c] = x[r * 3]! * y[c]! + x[r * 3 + 1]! * y[3 + c]! + x[r * 3 + 2]! * y[6 + c]!;
  return out;
}

/** The tags of a profile, by signature: where each one's data is. */
function tagTable(profile: Uint8Array, view: DataView): Map<string, { offset: number; size: number }> {
  const tags = new Map<string, { offset: number; size: number }>();
  if (profile.length < 132) return tags;
  const count = view.getUint32(128);
  for (let i = 0; i < count && 132 + i * 12 + 12 <= profile.length; i++) {
    const entry = 132 + i * 12;
    const signature = String.fromCharCode(...profile.subarray(entry, entry + 4));
    const offset = view.getUint32(entry + 4);
    const size = view.getUint32(entry + 8);
    if (offset + size <= profile.length && size >= 8) tags.set(signature, { offset, size });
  }
  return tags;
}

const s15Fixed16 = (view: DataView, at: number) => view.getInt32(at) / 65536;

/** An XYZType tag's one value. */
function xyzTag(profile: Uint8Array, view: DataView, tag: { offset: number; size: number } | undefined) {
  if (!tag || tag.size < 20 || String.fromCharCode(...profile.subarray(tag.offset, tag.offset + 4)) !== 'XYZ ')
    return null;
  return [s15Fixed16(view, tag.offset + 8), s15Fixed16(view, tag.offset + 12), s15Fixed16(view, tag.offset + 16)];
}

/** A curveType ('curv': identity, a gamma or a table) or parametricCurveType ('para', functions 0-4) tag. */
function curveTag(
  profile: Uint8Array,
  view: DataView,
  tag: { offset: number; size: number } | undefined,
): Curve | null {
  if (!tag) return null;
  const type = String.fromCharCode(...profile.subarray(tag.offset, tag.offset + 4));
  if (type === 'curv') {
    const count = view.getUint32(tag.offset + 8);
    if (tag.size < 12 + count * 2) return null;
    if (count === 0) return (v) => v;
    if (count === 1) {
      const gamma = view.getUint16(tag.offset + 12) / 256;
      return (v) => v ** gamma;
    }
    const table = Array.from({ length: count }, (_, i) => view.getUint16(tag.offset + 12 + i * 2) / 65535);
    return (v) => {
      const x = Math.min(1, Math.max(0, v)) * (count - 1);
      const i = Math.min(count - 2, Math.floor(x));
      return table[i]! + (table[i + 1]! - table[i]!) * (x - i);
    };
  }
  if (type === 'para') {
    const fn = view.getUint16(tag.offset + 8);
    const needed = [1, 3, 4, 5, 7][fn];
    if (needed === undefined || tag.size < 12 + needed * 4) return null;
    const p = Array.from({ length: needed }, (_, i) => s15Fixed16(view, tag.offset + 12 + i * 4));
    const [g, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = p as number[];
    switch (fn) {
      case 0:
        return (v) => v ** g!;
      case 1:
        return (v) => (v >= -b / a ? (a * v + b) ** g! : 0);
      case 2:
        return (v) => (v >= -b / a ? (a * v + b) ** g! + c : c);
      case 3:
        return (v) => (v >= d ? (a * v + b) ** g! : c * v);
      default:
        return (v) => (v >= d ? (a * v + b) ** g! + e : c * v + f);
    }
  }
  return null;
}

/** Converts decoded RGB pixels (3 bytes each) to sRGB in place. */
export type PixelConversion = (rgb: Uint8Array) => void;

/**
 * The conversion to sRGB an RGB matrix/TRC profile asks for; null when none is needed (no profile, sRGB
 * itself or near enough to round to the same bytes) or possible (not RGB, a lookup-table profile, a damaged
 * profile): the pixels then stay as decoded.
 */
export function rgbToSrgbConversion(profile: Uint8Array | null): PixelConversion | null {
  if (!profile || profile.length < 132) return null;
  const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
  const colourSpace = String.fromCharCode(...profile.subarray(16, 20));
  const pcs = String.fromCharCode(...profile.subarray(20, 24));
  if (colourSpace !== 'RGB ' || pcs !== 'XYZ ') return null;
  const tags = tagTable(profile, view);
  const primaries = ['rXYZ', 'gXYZ', 'bXYZ'].map((sig) => xyzTag(profile, view, tags.get(sig)));
  const curves = ['rTRC', 'gTRC', 'bTRC'].map((sig) => curveTag(profile, view, tags.get(sig)));
  if (primaries.some((p) => !p) || curves.some((c) => !c)) return null;
  const [r, g, b] = primaries as [number[], number[], number[]];
  const toXyz: Matrix = [r[0]!, g[0]!, b[0]!, r[1]!, g[1]!, b[1]!, r[2]!, g[2]!, b[2]!];
  const fromXyz = invert(SRGB_D50);
  if (!fromXyz) return null;
  const matrix = multiply(fromXyz, toXyz);
  // Linear light of each channel's 256 values, and the sRGB encoding of linear light at 4096 steps.
  const linear = (curves as Curve[]).map((curve) =>
    Float32Array.from({ length: 256 }, (_, i) => Math.min(1, Math.max(0, curve(i / 255)))),
  );
  const identity = matrix.every((m, i) => Math.abs(m - (i % 4 === 0 ? 1 : 0)) < 0.002);
  const srgbCurves = linear.every((table) => table.every((v, i) => Math.abs(v - srgbToLinear(i / 255)) < 0.002));
  if (identity && srgbCurves) return null; // sRGB, under any of its names
  const steps = 4096;
  const encode = Uint8Array.from({ length: steps + 1 }, (_, i) => Math.round(linearToSrgb(i / steps) * 255));
  const [lr, lg, lb] = linear as [Float32Array, Float32Array, Float32Array];
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = matrix;
  const out = (v: number) => encode[Math.round(Math.min(1, Math.max(0, v)) * steps)]!;
  return (rgb) => {
    for (let p = 0; p + 2 < rgb.length; p += 3) {
      const x = lr[rgb[p]!]!;
      const y = lg[rgb[p + 1]!]!;
      const z = lb[rgb[p + 2]!]!;
      rgb[p] = out(m0 * x + m1 * y + m2 * z);
      rgb[p + 1] = out(m3 * x + m4 * y + m5 * z);
      rgb[p + 2] = out(m6 * x + m7 * y + m8 * z);
    }
  };
}
