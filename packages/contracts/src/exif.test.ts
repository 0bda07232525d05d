import { describe, expect, it } from 'vitest';
import { cameraLine, cameraName, formatExposureTime, readExif } from './exif.ts';

type Value =
  | { type: 'ascii'; text: string }
  | { type: 'short'; value: number }
  | { type: 'long'; value: number }
  | { type: 'rational'; parts: Array<[number, number]> };

/** A JPEG start (SOI, APP1 Exif) with the given IFD0 and Exif IFD entries, in either byte order. */
function exifJpeg(ifd0: Record<number, Value>, exif: Record<number, Value> | null, little = false): Uint8Array {
  const out: number[] = [];
  const u16 = (v: number) => (little ? [v & 0xff, v >> 8] : [v >> 8, v & 0xff]);
  const u32 = (v: number) =>
    little
      ? [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24]
      : [v >>> 24, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
  const tiff: number[] = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8)];
  const encode = (value: Value): { type: number; count: number; bytes: number[] } => {
    switch (value.type) {
      case 'ascii': {
        const bytes = [...Array.from(value.text, (c) => c.charCodeAt(0)), 0];
        return { type: 2, count: bytes.length, bytes };
      }
      case 'short':
        return { type: 3, count: 1, bytes: u16(value.value) };
      case 'long':
        return { type: 4, count: 1, bytes: u32(value.value) };
      case 'rational':
        return { type: 5, count: value.parts.length, bytes: value.parts.flatMap(([n, d]) => [...u32(n), ...u32(d)]) };
    }
  };
  /** Writes an IFD at the end of `tiff`, its large values after it; returns where pointer entries go. */
  const writeIfd = (entries: Record<number, Value>) => {
    const tags = Object.keys(entries)
      .map(Number)
      .sort((a, b) => a - b);
    const start = tiff.length;
    const dataAt = start + 2 + tags.length * 12 + 4;
    const data: number[] = [];
    const pointers = new Map<number, number>();
    tiff.push(...u16(tags.length));
    for (const tag of tags) {
      const { type, count, bytes } = encode(entries[tag]!);
      tiff.push(...u16(tag), ...u16(type), ...u32(count));
      if (bytes.length <= 4) {
        pointers.set(tag, tiff.length);
        tiff.push(...bytes, ...new Array(4 - bytes.length).fill(0));
      } else {
        tiff.push(...u32(dataAt + data.length));
        data.push(...bytes);
      }
    }
    tiff.push(...u32(0));
    tiff.push(...data);
    return pointers;
  };
  const pointers = writeIfd(exif ? { ...ifd0, 0x8769: { type: 'long', value: 0 } } : ifd0);
  if (exif) {
    const exifAt = tiff.length;
    const patch = u32(exifAt);
    const at = pointers.get(0x8769)!;
    for (let i = 0; i < 4; i++) tiff[at + i] = patch[i]!;
    writeIfd(exif);
  }
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  out.push(0xff, 0xd8, 0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload);
  out.push(0xff, 0xda, 0, 2); // start of scan: nothing after is read
  return new Uint8Array(out);
}

const X100V_IFD0: Record<number, Value> = {
  0x010f: { type: 'ascii', text: 'FUJIFILM' },
  0x0110: { type: 'ascii', text: 'X100V' },
  0x0112: { type: 'short', value: 6 },
  // GPS IFD pointer: never followed.
  0x8825: { type: 'long', value: 4 },
};
const X100V_EXIF: Record<number, Value> = {
  0x829a: { type: 'rational', parts: [[1, 250]] },
  0x829d: { type: 'rational', parts: [[200, 100]] },
  0x8827: { type: 'short', value: 200 },
  0x920a: { type: 'rational', parts: [[230, 10]] },
  0xa431: { type: 'ascii', text: 'SERIAL-12345' },
  0xa435: { type: 'ascii', text: 'LENS-SERIAL-999' },
};

describe('readExif', () => {
  it.each([false, true])('reads orientation and camera details (little endian: %s), never serial numbers', (little) => {
    const bytes = exifJpeg(X100V_IFD0, X100V_EXIF, little);
    const { orientation, camera } = readExif(bytes);
    expect(orientation).toBe(6);
    expect(camera).toEqual({
      make: 'FUJIFILM',
      model: 'X100V',
      exposureTime: 0.004,
      fNumber: 2,
      iso: 200,
      focalLength: 23,
    });
    expect(JSON.stringify(camera)).not.toContain('SERIAL');
  });

  it('reads the lens model, and trims text', () => {
    const { camera } = readExif(
      exifJpeg(
        { 0x010f: { type: 'ascii', text: 'Canon  ' }, 0x0110: { type: 'ascii', text: ' Canon EOS R5\u0001' } },
        { 0xa434: { type: 'ascii', text: 'RF24-70mm F2.8 L IS USM' } },
      ),
    );
    expect(camera).toEqual({ make: 'Canon', model: 'Canon EOS R5', lens: 'RF24-70mm F2.8 L IS USM' });
  });

  it('reads nothing from a JPEG without EXIF, from non-JPEG bytes or from a broken EXIF', () => {
    expect(readExif(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toEqual({ orientation: 1, camera: {} });
    expect(readExif(Uint8Array.from('not a photo at all', (c) => c.charCodeAt(0)))).toEqual({
      orientation: 1,
      camera: {},
    });
    const broken = exifJpeg(X100V_IFD0, X100V_EXIF);
    // The Exif IFD pointer now points far outside the segment; a zero denominator reads as absent.
    const cut = broken.slice(0, broken.length - 40);
    expect(() => readExif(cut)).not.toThrow();
    const zero = readExif(exifJpeg({}, { 0x829a: { type: 'rational', parts: [[1, 0]] } }));
    expect(zero.camera).toEqual({});
  });

  it('drops values outside a plausible range', () => {
    const { camera } = readExif(
      exifJpeg({}, { 0x829d: { type: 'rational', parts: [[0, 1]] }, 0x8827: { type: 'short', value: 0 } }),
    );
    expect(camera).toEqual({});
  });
});

describe('cameraLine', () => {
  it('writes the line the post shows', () => {
    expect(
      cameraLine({ make: 'FUJIFILM', model: 'X100V', focalLength: 23, fNumber: 2, exposureTime: 0.004, iso: 200 }),
    ).toBe('FUJIFILM X100V · 23 mm · f/2 · 1/250 s · ISO 200');
  });

  it('leaves out what is absent, and is null when nothing is there', () => {
    expect(cameraLine({ fNumber: 1.8 })).toBe('f/1.8');
    expect(cameraLine({})).toBeNull();
    expect(cameraLine(null)).toBeNull();
  });

  it('names the camera once, and the lens unless it repeats the model', () => {
    expect(cameraName('Canon', 'Canon EOS R5')).toBe('Canon EOS R5');
    expect(cameraName('NIKON CORPORATION', 'NIKON D750')).toBe('NIKON D750');
    expect(cameraName(undefined, 'X100V')).toBe('X100V');
    expect(cameraLine({ make: 'Apple', model: 'iPhone 13', lens: 'iPhone 13 back dual wide camera 5.1mm f/1.6' })).toBe(
      'Apple iPhone 13',
    );
    expect(cameraLine({ make: 'SONY', model: 'ILCE-7M3', lens: 'FE 35mm F1.8' })).toBe('SONY ILCE-7M3 · FE 35mm F1.8');
  });

  it('writes exposure times as cameras state them', () => {
    expect(formatExposureTime(0.004)).toBe('1/250 s');
    expect(formatExposureTime(1 / 3)).toBe('1/3 s');
    expect(formatExposureTime(2)).toBe('2 s');
    expect(formatExposureTime(1.5)).toBe('1.5 s');
  });
});
