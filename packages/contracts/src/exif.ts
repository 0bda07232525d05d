/**
 * What a JPEG's EXIF says that Snapshire keeps: the orientation (to turn the stored photo upright) and the
 * camera details a post shows ("FUJIFILM X100V · 23 mm · f/2 · 1/250 s · ISO 200"). Read the same way by
 * handle-post-create (from the whole upload, before the metadata is stripped) and by the new-post screen
 * (to show what will be kept, and let the uploader leave it out).
 *
 * A hand-written reader of a few tags of IFD0 and the Exif sub-IFD, not a general EXIF library: exifr added
 * 16 MB to the edge function's memory, a tenth of its budget (supabase/README.md). It never follows the GPS
 * pointer (0x8825) and never reads serial numbers (0xA431 body, 0xA435 lens) or the owner's name (0xA430):
 * only the tags listed in TAGS are looked at. Pure: bytes in, values out; anything malformed reads as absent.
 */

import { jpegSegments } from './jpeg-header.ts';

/** The camera details of a photo; each absent when its tag is missing or unreadable. */
export interface CameraDetails {
  make?: string | undefined;
  model?: string | undefined;
  lens?: string | undefined;
  /** Seconds (1/250 s is 0.004). */
  exposureTime?: number | undefined;
  fNumber?: number | undefined;
  iso?: number | undefined;
  /** Millimetres, as the lens states it (not the 35 mm equivalent). */
  focalLength?: number | undefined;
}

export interface ExifSummary {
  /** 1-8 (EXIF orientation); 1 when absent or unreadable: the pixels are shown as stored, as every viewer does. */
  orientation: number;
  camera: CameraDetails;
}

/** Longest text kept (the database allows 100 characters for make, model and lens). */
export const CAMERA_TEXT_MAX_LENGTH = 100;

/** Plausible ranges: a value outside is a broken tag, not a photo's setting. */
export const CAMERA_VALUE_RANGES = {
  exposureTime: [1e-6, 3600],
  fNumber: [0.5, 128],
  iso: [1, 10_000_000],
  focalLength: [0.1, 10_000],
} as const;

const TAGS = {
  MAKE: 0x010f,
  MODEL: 0x0110,
  ORIENTATION: 0x0112,
  EXIF_IFD: 0x8769,
  EXPOSURE_TIME: 0x829a,
  F_NUMBER: 0x829d,
  ISO: 0x8827,
  FOCAL_LENGTH: 0x920a,
  LENS_MODEL: 0xa434,
} as const;

/** Bytes per value of the TIFF field types read here: BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED. */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1 };

interface Tiff {
  view: DataView;
  /** Offset of the TIFF header in view; value offsets count from here. */
  base: number;
  /** End of the EXIF segment in view. */
  end: number;
  little: boolean;
}

interface Entry {
  type: number;
  count: number;
  /** Offset of the first value in view. */
  at: number;
}

/** The entries of the IFD at `offset` (from the TIFF header), by tag, for the tags wanted only. */
function readIfd(tiff: Tiff, offset: number, wanted: readonly number[]): Map<number, Entry> {
  const { view, base, end, little } = tiff;
  const entries = new Map<number, Entry>();
  const ifd = base + offset;
  if (offset < 8 || ifd + 2 > end) return entries;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    const tag = view.getUint16(entry, little);
    if (!wanted.includes(tag) || entries.has(tag)) continue;
    const type = view.getUint16(entry + 2, little);
    const size = TYPE_SIZES[type];
    const values = view.getUint32(entry + 4, little);
    if (!size || values === 0) continue;
    const bytes = size * values;
    const at = bytes <= 4 ? entry + 8 : base + view.getUint32(entry + 8, little);
    if (at < base || at + bytes > end) continue;
    entries.set(tag, { type, count: values, at });
  }
  return entries;
}

function uint(tiff: Tiff, entry: Entry | undefined): number | undefined {
  if (!entry) return undefined;
  if (entry.type === 3) return tiff.view.getUint16(entry.at, tiff.little);
  if (entry.type === 4) return tiff.view.getUint32(entry.at, tiff.little);
  return undefined;
}

function rational(tiff: Tiff, entry: Entry | undefined): number | undefined {
  if (!entry || entry.type !== 5) return undefined;
  const numerator = tiff.view.getUint32(entry.at, tiff.little);
  const denominator = tiff.view.getUint32(entry.at + 4, tiff.little);
  return denominator === 0 ? undefined : numerator / denominator;
}

/** ASCII text without its NULs, control characters and surrounding spaces; undefined when empty. */
function text(tiff: Tiff, entry: Entry | undefined): string | undefined {
  if (!entry || (entry.type !== 2 && entry.type !== 7 && entry.type !== 1)) return undefined;
  let out = '';
  for (let i = 0; i < entry.count; i++) {
    const c = tiff.view.getUint8(entry.at + i);
    if (c === 0) break;
    // Printable ASCII only: EXIF text is ASCII, and anything else is a broken or hostile tag.
    out += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : ' ';
  }
  const clean = out.replace(/\s+/g, ' ').trim().slice(0, CAMERA_TEXT_MAX_LENGTH).trim();
  return clean || undefined;
}

function inRange(value: number | undefined, [min, max]: readonly [number, number]): number | undefined {
  return value !== undefined && Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

/** The TIFF structure inside the first APP1 "Exif" segment before the image data, or null. */
function findExif(bytes: Uint8Array): Tiff | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const { marker, start, end } of jpegSegments(bytes)) {
    const isExif =
      marker === 0xe1 && end - start >= 14 && view.getUint32(start) === 0x45786966 && view.getUint16(start + 4) === 0;
    if (!isExif) continue;
    const base = start + 6;
    const order = view.getUint16(base);
    if (order !== 0x4949 && order !== 0x4d4d) return null;
    const little = order === 0x4949;
    if (view.getUint16(base + 2, little) !== 42) return null;
    return { view, base, end, little };
  }
  return null;
}

/** The orientation and camera details of a JPEG's EXIF (bytes from the file's start; a prefix is enough). */
export function readExif(bytes: Uint8Array): ExifSummary {
  const tiff = bytes.length > 4 ? findExif(bytes) : null;
  if (!tiff) return { orientation: 1, camera: {} };
  const ifd0 = readIfd(tiff, tiff.view.getUint32(tiff.base + 4, tiff.little), [
    TAGS.MAKE,
    TAGS.MODEL,
    TAGS.ORIENTATION,
    TAGS.EXIF_IFD,
  ]);
  const rawOrientation = uint(tiff, ifd0.get(TAGS.ORIENTATION));
  const orientation = rawOrientation !== undefined && rawOrientation >= 1 && rawOrientation <= 8 ? rawOrientation : 1;
  const exifOffset = uint(tiff, ifd0.get(TAGS.EXIF_IFD));
  const exif =
    exifOffset === undefined
      ? new Map<number, Entry>()
      : readIfd(tiff, exifOffset, [TAGS.EXPOSURE_TIME, TAGS.F_NUMBER, TAGS.ISO, TAGS.FOCAL_LENGTH, TAGS.LENS_MODEL]);
  const iso = uint(tiff, exif.get(TAGS.ISO));
  const camera: CameraDetails = {
    make: text(tiff, ifd0.get(TAGS.MAKE)),
    model: text(tiff, ifd0.get(TAGS.MODEL)),
    lens: text(tiff, exif.get(TAGS.LENS_MODEL)),
    exposureTime: inRange(rational(tiff, exif.get(TAGS.EXPOSURE_TIME)), CAMERA_VALUE_RANGES.exposureTime),
    fNumber: inRange(rational(tiff, exif.get(TAGS.F_NUMBER)), CAMERA_VALUE_RANGES.fNumber),
    iso: inRange(iso, CAMERA_VALUE_RANGES.iso),
    focalLength: inRange(rational(tiff, exif.get(TAGS.FOCAL_LENGTH)), CAMERA_VALUE_RANGES.focalLength),
  };
  for (const key of Object.keys(camera) as Array<keyof CameraDetails>) {
    if (camera[key] === undefined) delete camera[key];
  }
  return { orientation, camera };
}

/** Up to one decimal, without a trailing ".0": 2 -> "2", 1.8 -> "1.8", 5.6 -> "5.6". */
function decimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** 1/250 s under a second (as cameras state it), 2 s or 1.5 s from a second up. */
export function formatExposureTime(seconds: number): string {
  return seconds < 1 ? `1/${Math.round(1 / seconds)} s` : `${decimal(seconds)} s`;
}

/** The camera's name: make and model, without the make twice ("Canon" + "Canon EOS R5" is "Canon EOS R5"). */
export function cameraName(make: string | undefined, model: string | undefined): string | undefined {
  const m = make?.trim();
  const n = model?.trim();
  if (!n) return m || undefined;
  if (!m) return n;
  const firstWord = m.split(' ')[0]!.toLowerCase();
  return n.toLowerCase().startsWith(firstWord) ? n : `${m} ${n}`;
}

/** The separator of the camera line's parts. */
export const CAMERA_LINE_SEPARATOR = ' · ';

/**
 * The one line a post shows: "FUJIFILM X100V · 23 mm · f/2 · 1/250 s · ISO 200". The lens is left out
 * when it only repeats the model (phones name theirs "iPhone 13 back dual wide camera 5.1mm f/1.6").
 * Null when there is nothing to show.
 */
export function cameraLine(details: CameraDetails | null | undefined): string | null {
  if (!details) return null;
  const name = cameraName(details.make, details.model);
  const lens = details.lens?.trim();
  const lensRepeats = !!lens && !!details.model && lens.toLowerCase().startsWith(details.model.trim().toLowerCase());
  const parts = [
    name,
    lens && !lensRepeats ? lens : undefined,
    details.focalLength ? `${decimal(details.focalLength)} mm` : undefined,
    details.fNumber ? `f/${decimal(details.fNumber)}` : undefined,
    details.exposureTime ? formatExposureTime(details.exposureTime) : undefined,
    details.iso ? `ISO ${details.iso}` : undefined,
  ].filter((part): part is string => !!part);
  return parts.length ? parts.join(CAMERA_LINE_SEPARATOR) : null;
}
