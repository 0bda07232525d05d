/** Uploads for the handle-post-create tests: real JPEGs and the lies a client could send instead. */
import sharp from 'sharp';

/** A small photo-like JPEG (a gradient, so it has real content). */
export async function jpeg(
  width = 640,
  height = 480,
  options: { orientation?: number; gps?: boolean; quality?: number } = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f7b733"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect x="0" y="0" width="${Math.round(width / 4)}" height="${Math.round(height / 4)}" fill="#c0392b"/></svg>`;
  let image = sharp(Buffer.from(svg));
  if (options.gps || options.orientation) {
    image = image.withExif({
      IFD0: { Make: 'Snapshire Test', Model: 'Leaky Phone' },
      ...(options.gps
        ? {
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: '51/1 27/1 0/1',
              GPSLongitudeRef: 'W',
              GPSLongitude: '2/1 35/1 0/1',
            },
          }
        : {}),
    });
    if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  }
  return image.jpeg({ quality: options.quality ?? 85 }).toBuffer();
}

export async function png(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33aa55' } })
    .png()
    .toBuffer();
}

/** The first 60% of a JPEG: the header parses, the scan data ends early. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await jpeg(800, 600);
  return full.subarray(0, Math.floor(full.length * 0.6));
}

/** A tiny JPEG whose frame header (SOF) claims width x height: a decompression bomb by its header. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await jpeg(16, 16));
  for (let i = 2; i < bytes.length - 9; i++) {
    // SOF0..SOF2: FF C0-C2, length (2), precision (1), height (2), width (2).
    if (bytes[i] === 0xff && bytes[i + 1]! >= 0xc0 && bytes[i + 1]! <= 0xc2) {
      bytes.writeUInt16BE(height, i + 5);
      bytes.writeUInt16BE(width, i + 7);
      return bytes;
    }
  }
  throw new Error('no SOF marker found');
}

/** Exactly `size` bytes that start like a JPEG (so only the size can refuse it). */
export function oversized(size: number, head: Buffer): Buffer {
  const out = Buffer.alloc(size, 0);
  head.copy(out, 0, 0, Math.min(head.length, size));
  return out;
}

/**
 * A phone-like photo: fine grain over a gradient (so it compresses like a real photo, several MB for
 * 48 MP), with an EXIF orientation of 6 and a GPS position, as a phone held upright writes it.
 */
export async function phonePhoto(width: number, height: number, quality = 88): Promise<Buffer> {
  const tile = await sharp({
    create: {
      width: 509,
      height: 509,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#5d8fb8' } })
    .composite([{ input: tile, tile: true, blend: 'soft-light' }])
    .withExif({
      IFD0: { Make: 'Snapshire Test', Model: 'Leaky Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 35/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality })
    .toBuffer();
}

/** What cameraPhoto's EXIF states (as a FUJIFILM X100V writes it), besides a GPS position and serial numbers. */
export const CAMERA_EXIF = {
  make: 'FUJIFILM',
  model: 'X100V',
  lens: 'XF23mmF2 R WR',
  exposureTime: 1 / 250,
  fNumber: 2,
  iso: 200,
  focalLength: 23,
  bodySerial: '5CQ12345',
  lensSerial: '9AB67890',
} as const;

/**
 * A phone-style photo (the gradient of jpeg(), red block top-left) with a full camera EXIF: make, model,
 * lens, exposure, aperture, ISO, focal length, and what must never be kept: a GPS position and the body's
 * and lens's serial numbers. Orientation 6 unless told otherwise.
 */
export async function cameraPhoto(width = 400, height = 300, orientation = 6): Promise<Buffer> {
  const base = await jpeg(width, height);
  return sharp(base)
    .withExif({
      IFD0: { Make: CAMERA_EXIF.make, Model: CAMERA_EXIF.model },
      IFD2: {
        ExposureTime: '1/250',
        FNumber: '2/1',
        ISOSpeedRatings: String(CAMERA_EXIF.iso),
        FocalLength: '23/1',
        LensModel: CAMERA_EXIF.lens,
        BodySerialNumber: CAMERA_EXIF.bodySerial,
        LensSerialNumber: CAMERA_EXIF.lensSerial,
      },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 35/1 0/1' },
    })
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toBuffer();
}
