/**
 * Honouring a photo's embedded ICC profile when it is stored (issue 25, item 5). The stored photo carries no
 * profile (all metadata is stripped), and browsers show an untagged JPEG as sRGB: a photo in a wider colour
 * space (Display P3, as phones write, or Adobe RGB, as cameras do) would look washed out. So an RGB photo
 * whose profile is a matrix/TRC profile (every RGB camera and display profile: three primaries and three
 * tone curves) other than sRGB has its decoded pixels converted to sRGB here, in place, before the
 * placeholder and the re-encode, with the profile's own curves and primaries (relative colorimetric, both
 * adapted to D50 as ICC profiles are). A CMYK or YCCK photo with a CMYK profile (a lookup-table profile:
 * lut8, lut16 or lutAtoB) is converted through that profile's perceptual table to sRGB, as LittleCMS does
 * when sharp converts it (cmykToSrgbConversion); without one, or with one this cannot read, it is converted
 * as browsers show a CMYK JPEG without a profile (image.ts, cmykToRgbInPlace).
 *
 * Plain TypeScript, a few lookup tables and a 3x3 matrix: a full colour management module (LittleCMS as
 * WebAssembly, lcms-wasm) would pull a test framework into the function's dependencies (its package lists
 * tape as a run-time dependency). Anything this does not understand leaves the pixels as decoded (RGB) or
 * to the naive conversion (CMYK); a profile never fails an upload.
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

/** A 4-character signature (a tag's, a type's, a colour space's) at `at`. */
const signatureAt = (profile: Uint8Array, at: number) => String.fromCharCode(...profile.subarray(at, at + 4));

/**
 * The curveType ('curv': identity, a gamma or a table) or parametricCurveType ('para', functions 0-4) at
 * `at`, and where the next one may start (lutAtoBType packs its curves one after another, each padded to
 * 4 bytes); null if it is of another type or runs past `end`.
 */
function curveAt(profile: Uint8Array, view: DataView, at: number, end: number): { curve: Curve; next: number } | null {
  if (at < 0 || at + 12 > end) return null;
  const type = signatureAt(profile, at);
  const padded = (size: number) => at + Math.ceil(size / 4) * 4;
  if (type === 'curv') {
    const count = view.getUint32(at + 8);
    if (at + 12 + count * 2 > end) return null;
    const next = padded(12 + count * 2);
    if (count === 0) return { curve: (v) => v, next };
    if (count === 1) {
      const gamma = view.getUint16(at + 12) / 256;
      return { curve: (v) => v ** gamma, next };
    }
    const table = Array.from({ length: count }, (_, i) => view.getUint16(at + 12 + i * 2) / 65535);
    const curve: Curve = (v) => {
      const x = Math.min(1, Math.max(0, v)) * (count - 1);
      const i = Math.min(count - 2, Math.floor(x));
      return table[i]! + (table[i + 1]! - table[i]!) * (x - i);
    };
    return { curve, next };
  }
  if (type === 'para') {
    const fn = view.getUint16(at + 8);
    const needed = [1, 3, 4, 5, 7][fn];
    if (needed === undefined || at + 12 + needed * 4 > end) return null;
    const p = Array.from({ length: needed }, (_, i) => s15Fixed16(view, at + 12 + i * 4));
    const [g, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = p as number[];
    const next = padded(12 + needed * 4);
    switch (fn) {
      case 0:
        return { curve: (v) => v ** g!, next };
      case 1:
        return { curve: (v) => (v >= -b / a ? (a * v + b) ** g! : 0), next };
      case 2:
        return { curve: (v) => (v >= -b / a ? (a * v + b) ** g! + c : c), next };
      case 3:
        return { curve: (v) => (v >= d ? (a * v + b) ** g! : c * v), next };
      default:
        return { curve: (v) => (v >= d ? (a * v + b) ** g! + e : c * v + f), next };
    }
  }
  return null;
}

/** A curveType or parametricCurveType tag (an RGB profile's rTRC, gTRC, bTRC). */
function curveTag(
  profile: Uint8Array,
  view: DataView,
  tag: { offset: number; size: number } | undefined,
): Curve | null {
  return tag ? (curveAt(profile, view, tag.offset, tag.offset + tag.size)?.curve ?? null) : null;
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

/**
 * Converts decoded CMYK pixels (4 bytes each, as libjpeg-turbo hands them) to sRGB (3 bytes each) in place,
 * front to back: pixel p's RGB (at 3p) never overtakes the CMYK still unread (at 4p).
 */
export type CmykConversion = (pixels: Uint8Array, count: number) => void;

/** The D50 white of the profile connection space (ICC.1, 7.2.16; LittleCMS's cmsD50_XYZ). */
const D50 = [0.9642, 1, 0.8249] as const;

/**
 * LittleCMS's black of a version 4 profile at the perceptual intent (cmsPERCEPTUAL_BLACK_X/Y/Z), which ICC
 * v4 fixes for the perceptual PCS.
 */
const V4_PERCEPTUAL_BLACK = [0.00336, 0.0034731, 0.00287] as const;

/** Points per axis of the CMYK -> sRGB table: what LittleCMS samples a 4-channel transform at (17). */
const CMYK_GRID = 17;

/** A profile's device-to-PCS pipeline: 4 ink values (0-1, 1 = full ink) to 3 PCS values in their 0-1 encoding. */
type ToPcs = (ink: Float64Array, pcs: Float64Array) => void;

/** How a tag's 0-1 PCS values encode Lab or XYZ (ICC.1, 6.3.4; lut16Type keeps version 2's Lab: 0xFF00 = 100). */
type PcsEncoding = 'lab-v2-16' | 'lab' | 'xyz';

const clip01 = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/** A 1-D table of 0-1 values, read by linear interpolation as a curve (the input and output tables of lut8/lut16). */
function tableCurve(values: Float64Array): Curve {
  const last = values.length - 1;
  return (v) => {
    const x = clip01(v) * last;
    const i = Math.min(last - 1, Math.floor(x));
    return values[i]! + (values[i + 1]! - values[i]!) * (x - i);
  };
}

/**
 * A 4-input colour lookup table (first input slowest, `outputs` values per grid point, each 0-1) evaluated
 * as LittleCMS evaluates one (Eval4Inputs): tetrahedral interpolation over the last three inputs in the two
 * grid slices either side of the first, and linear between those.
 */
function clut4(values: Float64Array, grid: readonly number[], outputs: number) {
  const s3 = outputs;
  const s2 = grid[3]! * s3;
  const s1 = grid[2]! * s2;
  const s0 = grid[1]! * s1;
  const strides = [s0, s1, s2, s3];
  const r = new Float64Array(4);
  return (input: Float64Array, out: Float64Array) => {
    let base = 0;
    for (let axis = 0; axis < 4; axis++) {
      const x = clip01(input[axis]!) * (grid[axis]! - 1);
      const i = Math.min(grid[axis]! - 2, Math.floor(x));
      r[axis] = x - i;
      base += i * strides[axis]!;
    }
    const [r0, rx, ry, rz] = [r[0]!, r[1]!, r[2]!, r[3]!];
    const [a1, a0, b1, b0, d1, d0] = tetrahedron(rx, ry, rz, s1, s2, s3);
    for (let o = 0; o < outputs; o++) {
      const lo = base + o;
      const hi = lo + s0;
      const low =
        values[lo]! +
        (values[lo + a1]! - values[lo + a0]!) * rx +
        (values[lo + b1]! - values[lo + b0]!) * ry +
        (values[lo + d1]! - values[lo + d0]!) * rz;
      const high =
        values[hi]! +
        (values[hi + a1]! - values[hi + a0]!) * rx +
        (values[hi + b1]! - values[hi + b0]!) * ry +
        (values[hi + d1]! - values[hi + d0]!) * rz;
      out[o] = low + (high - low) * r0;
    }
  };
}

/**
 * The tetrahedron of a grid cube that holds the point at fractions (rx, ry, rz), as offsets from the cube's
 * first corner (x, y, z its axes' strides): the value is corner0 + (v[a1] - v[a0]) rx + (v[b1] - v[b0]) ry
 * + (v[d1] - v[d0]) rz, LittleCMS's six cases.
 */
function tetrahedron(rx: number, ry: number, rz: number, x: number, y: number, z: number) {
  if (rx >= ry) {
    if (ry >= rz) return [x, 0, x + y, x, x + y + z, x + y] as const;
    if (rx >= rz) return [x, 0, x + y + z, x + z, x + z, x] as const;
    return [x + z, z, x + y + z, x + z, z, 0] as const;
  }
  if (rx >= rz) return [x + y, y, y, 0, x + y + z, x + y] as const;
  if (ry >= rz) return [x + y + z, y + z, y, 0, y + z, y] as const;
  return [x + y + z, y + z, y + z, z, z, 0] as const;
}

/** A pipeline of curves per channel, in place. */
function applyCurves(curves: readonly Curve[], v: Float64Array): void {
  for (let i = 0; i < curves.length; i++) v[i] = clip01(curves[i]!(clip01(v[i]!)));
}

/**
 * A lut8Type ('mft1') or lut16Type ('mft2') tag with 4 inputs and 3 outputs: input tables, CLUT, output
 * tables. (Its matrix applies to XYZ input only, so not to CMYK.)
 */
function lutTag(profile: Uint8Array, view: DataView, at: number, end: number): ToPcs | null {
  const wide = signatureAt(profile, at) === 'mft2';
  const [inputs, outputs, grid] = [profile[at + 8]!, profile[at + 9]!, profile[at + 10]!];
  if (inputs !== 4 || outputs !== 3 || grid < 2) return null;
  const inEntries = wide ? view.getUint16(at + 48) : 256;
  const outEntries = wide ? view.getUint16(at + 50) : 256;
  if (inEntries < 2 || outEntries < 2) return null;
  const gridPoints = grid ** 4;
  const bytes = wide ? 2 : 1;
  const start = at + (wide ? 52 : 48);
  if (start + (inputs * inEntries + gridPoints * outputs + outputs * outEntries) * bytes > end) return null;
  const read = (from: number, count: number) =>
    Float64Array.from({ length: count }, (_, i) =>
      wide ? view.getUint16(from + i * 2) / 65535 : profile[from + i]! / 255,
    );
  const inCurves = Array.from({ length: inputs }, (_, i) => tableCurve(read(start + i * inEntries * bytes, inEntries)));
  const clutStart = start + inputs * inEntries * bytes;
  const clut = clut4(read(clutStart, gridPoints * outputs), [grid, grid, grid, grid], outputs);
  const outStart = clutStart + gridPoints * outputs * bytes;
  const outCurves = Array.from({ length: outputs }, (_, i) =>
    tableCurve(read(outStart + i * outEntries * bytes, outEntries)),
  );
  const curved = new Float64Array(4);
  return (ink, pcs) => {
    curved.set(ink);
    applyCurves(inCurves, curved);
    clut(curved, pcs);
    applyCurves(outCurves, pcs);
  };
}

/** `count` curves packed from `at` (lutAtoBType's A, M and B curves); null if any is not understood. */
function curvesAt(profile: Uint8Array, view: DataView, at: number, end: number, count: number): Curve[] | null {
  const curves: Curve[] = [];
  for (let i = 0; i < count; i++) {
    const read = curveAt(profile, view, at, end);
    if (!read) return null;
    curves.push(read.curve);
    at = read.next;
  }
  return curves;
}

/**
 * A lutAtoBType ('mAB ') tag with 4 inputs and 3 outputs: A curves, CLUT (1- or 2-byte entries, a grid of
 * its own per input), then M curves and matrix if present, then B curves (ICC.1, 10.12).
 */
function lutAtoBTag(profile: Uint8Array, view: DataView, at: number, end: number): ToPcs | null {
  const [inputs, outputs] = [profile[at + 8]!, profile[at + 9]!];
  if (inputs !== 4 || outputs !== 3 || at + 32 > end) return null;
  const [bAt, matrixAt, mAt, clutAt, aAt] = [12, 16, 20, 24, 28].map((o) => view.getUint32(at + o)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // Four inks need the A curves and the CLUT to reach three channels; the B curves are always there.
  if (!bAt || !clutAt || !aAt) return null;
  const bCurves = curvesAt(profile, view, at + bAt, end, outputs);
  const aCurves = curvesAt(profile, view, at + aAt, end, inputs);
  const mCurves = mAt ? curvesAt(profile, view, at + mAt, end, outputs) : [];
  if (!bCurves || !aCurves || !mCurves) return null;
  let matrix: number[] | null = null;
  if (matrixAt) {
    if (at + matrixAt + 48 > end) return null;
    matrix = Array.from({ length: 12 }, (_, i) => s15Fixed16(view, at + matrixAt + i * 4));
  }
  const clutStart = at + clutAt;
  if (clutStart + 20 > end) return null;
  const grid = Array.from(profile.subarray(clutStart, clutStart + inputs));
  const precision = profile[clutStart + 16]!;
  if (grid.some((g) => g < 2) || (precision !== 1 && precision !== 2)) return null;
  const count = grid.reduce((n, g) => n * g, 1) * outputs;
  if (clutStart + 20 + count * precision > end) return null;
  const values = Float64Array.from({ length: count }, (_, i) =>
    precision === 2 ? view.getUint16(clutStart + 20 + i * 2) / 65535 : profile[clutStart + 20 + i]! / 255,
  );
  const clut = clut4(values, grid, outputs);
  const curved = new Float64Array(4);
  const before = new Float64Array(3);
  return (ink, pcs) => {
    curved.set(ink);
    applyCurves(aCurves, curved);
    clut(curved, pcs);
    applyCurves(mCurves, pcs);
    if (matrix) {
      before.set(pcs);
      for (let r = 0; r < 3; r++)
        pcs[r] = clip01(
          matrix[r * 3]! * before[0]! +
            matrix[r * 3 + 1]! * before[1]! +
            matrix[r * 3 + 2]! * before[2]! +
            matrix[9 + r]!,
        );
    }
    applyCurves(bCurves, pcs);
  };
}

/** PCS values (0-1, in the tag's encoding) to D50 XYZ. */
function pcsToXyz(pcs: Float64Array, encoding: PcsEncoding, xyz: Float64Array): void {
  if (encoding === 'xyz') {
    // u1Fixed15Number: 1.0 is 0x8000 of 0xFFFF.
    for (let i = 0; i < 3; i++) xyz[i] = (pcs[i]! * 65535) / 32768;
    return;
  }
  // Version 2's 16-bit Lab: L 0xFF00 = 100, a and b 0x8000 = 0; version 4's (and 8-bit): L 0xFFFF = 100, 0x8080 = 0.
  const scale = encoding === 'lab-v2-16' ? 65535 / 65280 : 1;
  const L = pcs[0]! * scale * 100;
  const a = pcs[1]! * scale * 255 - 128;
  const b = pcs[2]! * scale * 255 - 128;
  labToXyz(L, a, b, xyz);
}

/** The inverse of CIE Lab's companding function. */
const labFInverse = (t: number) => (t > 6 / 29 ? t * t * t : (108 / 841) * (t - 16 / 116));

/** CIE Lab to XYZ, D50 (LittleCMS's cmsLab2XYZ). */
function labToXyz(L: number, a: number, b: number, xyz: Float64Array): void {
  const fy = (L + 16) / 116;
  xyz[0] = D50[0] * labFInverse(fy + a / 500);
  xyz[1] = D50[1] * labFInverse(fy);
  xyz[2] = D50[2] * labFInverse(fy - b / 200);
}

/**
 * The CMYK profile's conversion to sRGB, through its A2B0 tag (perceptual); null when there is no profile,
 * it is not a CMYK profile to Lab or XYZ, or its tag is of a type or shape not understood here (the caller
 * then converts naively, as browsers show a CMYK JPEG without a profile). `inverted`: the decoded values
 * are 255 - ink (see jpegSrgbConversions), else ink.
 *
 * Perceptual, because sharp asks LittleCMS for it when it converts an embedded profile to sRGB
 * (libvips's VIPS_INTENT_PERCEPTUAL) and it is LittleCMS's and browsers' default: a
 * print profile's perceptual table maps the paper and the deepest black towards a display's white and black,
 * where relative colorimetric (A2B1) shows the paper's grey and a washed-out black. A2B1, then A2B2, stand
 * in for a missing A2B0. As LittleCMS 2.19 converts to libvips's sRGB (a version 4 profile, so black point
 * compensation is on at the perceptual intent), the profile's black (its full-ink colour, measured against
 * sharp's output in supabase/tests/functions/handle-post-create/icc.test.ts; version 4's fixed perceptual black for a v4 profile)
 * is scaled to sRGB's black, white kept.
 *
 * The full pipeline runs at 17^4 points (as LittleCMS samples a 4-channel transform); each pixel is then
 * interpolated from that table as LittleCMS does, so the cost per pixel does not depend on the profile.
 */
export function cmykToSrgbConversion(profile: Uint8Array | null, inverted: boolean): CmykConversion | null {
  if (!profile || profile.length < 132) return null;
  const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
  const pcsSignature = signatureAt(profile, 20);
  if (signatureAt(profile, 16) !== 'CMYK' || (pcsSignature !== 'Lab ' && pcsSignature !== 'XYZ ')) return null;
  const tags = tagTable(profile, view);
  const tag = tags.get('A2B0') ?? tags.get('A2B1') ?? tags.get('A2B2');
  if (!tag) return null;
  const type = signatureAt(profile, tag.offset);
  const end = tag.offset + tag.size;
  const toPcs =
    type === 'mft1' || type === 'mft2'
      ? lutTag(profile, view, tag.offset, end)
      : type === 'mAB '
        ? lutAtoBTag(profile, view, tag.offset, end)
        : null;
  if (!toPcs) return null;
  const encoding: PcsEncoding = pcsSignature === 'XYZ ' ? 'xyz' : type === 'mft2' ? 'lab-v2-16' : 'lab';
  const ink = new Float64Array(4);
  const pcs = new Float64Array(3);
  const xyz = new Float64Array(3);

  let black: readonly number[] = V4_PERCEPTUAL_BLACK;
  if (profile[8]! < 4) {
    ink.fill(1);
    toPcs(ink, pcs);
    pcsToXyz(pcs, encoding, xyz);
    black = [xyz[0]!, xyz[1]!, xyz[2]!];
  }
  const fromXyz = invert(SRGB_D50);
  if (!fromXyz) return null;
  // Black point compensation (LittleCMS's ComputeBlackPointCompensation, to sRGB's black of 0): per XYZ
  // channel, the profile's black to 0 and D50 white kept.
  const bpcScale = black.map((bp, i) => D50[i]! / (D50[i]! - bp));

  const n = CMYK_GRID;
  const table = new Float32Array(n ** 4 * 3);
  const inkAt = (i: number) => (inverted ? 1 - i / (n - 1) : i / (n - 1));
  let at = 0;
  for (let c = 0; c < n; c++)
    for (let m = 0; m < n; m++)
      for (let y = 0; y < n; y++)
        for (let k = 0; k < n; k++) {
          ink[0] = inkAt(c);
          ink[1] = inkAt(m);
          ink[2] = inkAt(y);
          ink[3] = inkAt(k);
          toPcs(ink, pcs);
          pcsToXyz(pcs, encoding, xyz);
          const X = (xyz[0]! - black[0]!) * bpcScale[0]!;
          const Y = (xyz[1]! - black[1]!) * bpcScale[1]!;
          const Z = (xyz[2]! - black[2]!) * bpcScale[2]!;
          for (let o = 0; o < 3; o++) {
            const linear = fromXyz[o * 3]! * X + fromXyz[o * 3 + 1]! * Y + fromXyz[o * 3 + 2]! * Z;
            const encoded = linearToSrgb(clip01(linear)) * 255;
            if (!Number.isFinite(encoded)) return null;
            table[at++] = encoded;
          }
        }
  // No ink is sRGB's white exactly, as LittleCMS makes it by default (its white-on-white fix-up of the
  // sampled table): a print profile's white is its paper's, often a shade off, which would grey every
  // highlight.
  const white = (inverted ? n - 1 : 0) * (n ** 3 + n ** 2 + n + 1) * 3;
  table.fill(255, white, white + 3);
  return (pixels, count) => interpolateCmykTable(table, n, pixels, count);
}

/**
 * Converts CMYK pixels to sRGB in place from the table of grid points (first ink slowest, 3 sRGB values of
 * 0-255 each): tetrahedral over M, Y, K and linear in C, as LittleCMS's Eval4Inputs.
 */
function interpolateCmykTable(table: Float32Array, n: number, pixels: Uint8Array, count: number): void {
  // Each stored value's grid cell (its first point's index) and place in it.
  const cell = new Int32Array(256);
  const fraction = new Float64Array(256);
  for (let v = 0; v < 256; v++) {
    const x = (v / 255) * (n - 1);
    cell[v] = Math.min(n - 2, Math.floor(x));
    fraction[v] = x - cell[v]!;
  }
  const K = 3;
  const Y = n * K;
  const M = n * Y;
  const C = n * M;
  for (let p = 0; p < count; p++) {
    const c = pixels[p * 4]!;
    const m = pixels[p * 4 + 1]!;
    const y = pixels[p * 4 + 2]!;
    const k = pixels[p * 4 + 3]!;
    const base = cell[c]! * C + cell[m]! * M + cell[y]! * Y + cell[k]! * K;
    const rc = fraction[c]!;
    const rx = fraction[m]!;
    const ry = fraction[y]!;
    const rz = fraction[k]!;
    // The tetrahedron (tetrahedron() above, written out: this loop runs for every pixel).
    let a1 = M + Y + K;
    let a0 = Y + K;
    let b1 = Y + K;
    let b0 = K;
    let d1 = K;
    let d0 = 0;
    if (rx >= ry) {
      if (ry >= rz) {
        a1 = M;
        a0 = 0;
        b1 = M + Y;
        b0 = M;
        d1 = M + Y + K;
        d0 = M + Y;
      } else if (rx >= rz) {
        a1 = M;
        a0 = 0;
        b1 = M + Y + K;
        b0 = M + K;
        d1 = M + K;
        d0 = M;
      } else {
        a1 = M + K;
        a0 = K;
        b1 = M + Y + K;
        b0 = M + K;
      }
    } else if (rx >= rz) {
      a1 = M + Y;
      a0 = Y;
      b1 = Y;
      b0 = 0;
      d1 = M + Y + K;
      d0 = M + Y;
    } else if (ry >= rz) {
      b1 = Y;
      b0 = 0;
      d1 = Y + K;
      d0 = Y;
    }
    for (let o = 0; o < 3; o++) {
      const lo = base + o;
      const hi = lo + C;
      const low =
        table[lo]! +
        (table[lo + a1]! - table[lo + a0]!) * rx +
        (table[lo + b1]! - table[lo + b0]!) * ry +
        (table[lo + d1]! - table[lo + d0]!) * rz;
      const high =
        table[hi]! +
        (table[hi + a1]! - table[hi + a0]!) * rx +
        (table[hi + b1]! - table[hi + b0]!) * ry +
        (table[hi + d1]! - table[hi + d0]!) * rz;
      pixels[p * 3 + o] = (low + (high - low) * rc + 0.5) | 0;
    }
  }
}

/**
 * The conversions to sRGB a JPEG's ICC profile asks for, whichever its pixels decode to: RGB (null: leave
 * them as decoded) or CMYK (null: the naive conversion, image.ts's cmykToRgbInPlace). A profile that cannot
 * be read never fails the upload: it is treated as absent.
 */
export interface SrgbConversions {
  rgb: PixelConversion | null;
  cmyk: CmykConversion | null;
}

export function jpegSrgbConversions(jpeg: Uint8Array): SrgbConversions {
  try {
    const profile = jpegIccProfile(jpeg);
    // Every CMYK JPEG is read as storing its values inverted (255 = no ink), whether or not it has Adobe's
    // APP14 marker: Photoshop writes them so, libjpeg's own CMYK encoder too, and libvips (sharp) and browsers
    // read them so (image.ts's naive conversion as well).
    return { rgb: rgbToSrgbConversion(profile), cmyk: cmykToSrgbConversion(profile, true) };
  } catch (err) {
    console.error(`[handle-post-create] ICC profile ignored: ${err instanceof Error ? err.message : String(err)}`);
    return { rgb: null, cmyk: null };
  }
}
