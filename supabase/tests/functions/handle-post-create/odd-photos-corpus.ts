/**
 * The odd files a photographer's camera, phone or editor can produce, and the broken ones a network or a
 * stranger can: the corpus of the odd-photo fuzz (odd-photos-fuzz.ts). Seeded, so a failure names a file
 * that the next run makes again byte for byte.
 *
 * The files in fixtures/ were written once with libjpeg-turbo's cjpeg (Debian's libjpeg-turbo-progs), for
 * what sharp cannot write: restart markers, 4:1:1 subsampling, arithmetic coding. Source: a 48x32 gradient;
 * e.g. `cjpeg -quality 85 -restart 1 -outfile restart-markers.jpg src.ppm`, `-sample 4x1,1x1,1x1`,
 * `-sample 1x1,1x1,1x1`, `-grayscale`, `-progressive -restart 2`, `-arithmetic`.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { random as seededRandom } from '../../../seed/scenes.ts';

/** What a file is, and so what the function must answer. */
export type OddPhotoKind =
  /** A JPEG the rules accept: it must be stored. */
  | 'valid'
  /** A JPEG cut short after its frame header: refused as damaged. */
  | 'truncated'
  /** A JPEG with flipped bits: stored if it still decodes, else refused with a message about the file. */
  | 'bit-flipped'
  /** Not a JPEG at all, named .jpg: refused as not a JPEG. */
  | 'not-jpeg'
  /** A JPEG of a process photos are not written in (arithmetic-coded): refused as unsupported. */
  | 'unsupported-jpeg';

export interface OddPhoto {
  name: string;
  kind: OddPhotoKind;
  bytes: Buffer;
  /** For valid files: the size the stored photo must have. */
  width?: number;
  height?: number;
}

/** A photo-like JPEG of any size: random colour noise over a gradient, in the given JPEG flavour. */
async function oddJpeg(
  random: () => number,
  width: number,
  height: number,
  flavour: { progressive?: boolean; subsampling?: '4:4:4' | '4:2:0'; greyscale?: boolean; cmyk?: boolean },
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.floor((x / Math.max(1, width - 1)) * 200 + random() * 55);
      pixels[at + 1] = Math.floor((y / Math.max(1, height - 1)) * 200 + random() * 55);
      pixels[at + 2] = Math.floor(random() * 255);
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (flavour.greyscale) image = image.greyscale();
  if (flavour.cmyk) image = image.toColourspace('cmyk');
  return image
    .jpeg({
      quality: 70 + Math.floor(random() * 30),
      progressive: flavour.progressive,
      chromaSubsampling: flavour.subsampling,
    })
    .toBuffer();
}

/** Offset just past the first frame header (SOFn), where the scan data begins to matter. */
function afterFrameHeader(bytes: Buffer): number {
  for (let i = 2; i < bytes.length - 4; i++) {
    if (
      bytes[i] === 0xff &&
      bytes[i + 1]! >= 0xc0 &&
      bytes[i + 1]! <= 0xcf &&
      ![0xc4, 0xc8, 0xcc].includes(bytes[i + 1]!)
    ) {
      return i + 2 + bytes.readUInt16BE(i + 2);
    }
  }
  throw new Error('no frame header');
}

/** Offset of the first scan's data (after the SOS segment). */
function scanStart(bytes: Buffer): number {
  for (let i = 2; i < bytes.length - 4; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xda) return i + 2 + bytes.readUInt16BE(i + 2);
  }
  throw new Error('no scan');
}

const FIXTURES = [
  'restart-markers.jpg',
  'subsampling-411.jpg',
  'subsampling-444.jpg',
  'greyscale.jpg',
  'progressive-restart.jpg',
];

/**
 * At least 300 files: every square size from 1x1 to 32x32 and the odd shapes (1xN, Nx1, random small
 * sizes) in every flavour, the cjpeg fixtures, truncated and bit-flipped copies, and non-JPEGs named .jpg.
 */
export async function oddPhotoCorpus(seed = 29): Promise<OddPhoto[]> {
  const random = seededRandom(seed);
  const flavours = [
    { subsampling: '4:2:0' as const },
    { subsampling: '4:4:4' as const },
    { progressive: true, subsampling: '4:2:0' as const },
    { greyscale: true },
    { cmyk: true },
  ];
  const valid: OddPhoto[] = [];
  const add = async (width: number, height: number, flavour: (typeof flavours)[number]) => {
    const name = `${width}x${height}-${Object.entries(flavour)
      .map(([k, v]) => (v === true ? k : String(v)))
      .join('-')}.jpg`;
    valid.push({ name, kind: 'valid', bytes: await oddJpeg(random, width, height, flavour), width, height });
  };
  for (let size = 1; size <= 32; size++) await add(size, size, flavours[size % flavours.length]!);
  for (const n of [2, 3, 7, 9, 15, 16, 17, 31, 33, 100, 1000]) {
    await add(1, n, flavours[n % flavours.length]!);
    await add(n, 1, flavours[(n + 1) % flavours.length]!);
  }
  for (let i = 0; i < 80; i++) {
    await add(1 + Math.floor(random() * 32), 1 + Math.floor(random() * 32), flavours[i % flavours.length]!);
  }
  for (const name of FIXTURES) {
    const bytes = await readFile(new URL(`./fixtures/${name}`, import.meta.url));
    valid.push({ name, kind: 'valid', bytes, width: 48, height: 32 });
  }

  const broken: OddPhoto[] = [];
  const sources = valid.filter((f) => f.bytes.length > 200);
  for (let i = 0; i < 60; i++) {
    const source = sources[Math.floor(random() * sources.length)]!;
    // Cut inside the scan data, before its end: the header reads, the picture is incomplete.
    const start = Math.max(afterFrameHeader(source.bytes), scanStart(source.bytes));
    const cut = start + Math.floor(random() * Math.max(1, source.bytes.length - 2 - start - 16));
    broken.push({ name: `truncated-${i}-${source.name}`, kind: 'truncated', bytes: source.bytes.subarray(0, cut) });
  }
  for (let i = 0; i < 80; i++) {
    const source = sources[Math.floor(random() * sources.length)]!;
    const bytes = Buffer.from(source.bytes);
    const flips = 1 + Math.floor(random() * 8);
    for (let f = 0; f < flips; f++) {
      const at = 2 + Math.floor(random() * (bytes.length - 2));
      bytes[at]! ^= 1 << Math.floor(random() * 8);
    }
    broken.push({ name: `bit-flipped-${i}-${source.name}`, kind: 'bit-flipped', bytes });
  }
  broken.push({
    name: 'arithmetic.jpg',
    kind: 'unsupported-jpeg',
    bytes: await readFile(new URL('./fixtures/arithmetic.jpg', import.meta.url)),
  });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  broken.push(
    { name: 'png-named.jpg', kind: 'not-jpeg', bytes: png },
    { name: 'gif-named.jpg', kind: 'not-jpeg', bytes: gif },
    { name: 'text-named.jpg', kind: 'not-jpeg', bytes: Buffer.from('not a photograph at all\n'.repeat(8)) },
    { name: 'soi-only.jpg', kind: 'not-jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) },
    {
      name: 'random-bytes.jpg',
      kind: 'not-jpeg',
      bytes: Buffer.from(Array.from({ length: 512 }, () => Math.floor(random() * 256))),
    },
  );

  // Shuffled together (seeded), so odd and broken files follow each other in every order; the first ten
  // are one of each kind, so the first normal photo comes after every path of the image step has run once.
  const all = [...valid, ...broken];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const firstOfEach = [
    all.find((f) => f.kind === 'valid' && f.width! * f.height! < 100),
    all.find((f) => f.name.includes('cmyk')),
    all.find((f) => f.name === 'progressive-restart.jpg'),
    all.find((f) => f.name.includes('greyscale')),
    all.find((f) => f.kind === 'truncated'),
    all.find((f) => f.kind === 'bit-flipped'),
    all.find((f) => f.kind === 'unsupported-jpeg'),
    all.find((f) => f.kind === 'not-jpeg'),
    all.find((f) => f.name.startsWith('1x1000')),
    all.find((f) => f.name.startsWith('1000x1')),
  ].filter((f): f is OddPhoto => f !== undefined);
  return [...firstOfEach, ...all.filter((f) => !firstOfEach.includes(f))];
}
