import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { storageErrors } from './errors.ts';
import { transformToString, type Transform } from './transform.ts';

type OutputFormat = 'jpeg' | 'webp' | 'png';

const CONTENT_TYPES: Record<OutputFormat, string> = { jpeg: 'image/jpeg', webp: 'image/webp', png: 'image/png' };

/** WebP when the client takes it (as Supabase does automatically), else the source's own format. */
export function outputFormat(t: Transform, accept: string | undefined, sourceFormat: string | undefined): OutputFormat {
  if (t.format !== 'origin' && accept?.includes('image/webp')) return 'webp';
  if (sourceFormat === 'png' || sourceFormat === 'webp') return sourceFormat;
  return 'jpeg';
}

export interface Rendered {
  bytes: Buffer;
  contentType: string;
  etag: string;
  /** Whether this answer was served from the render cache (no transform work). */
  cached: boolean;
}

/**
 * Renders transformed images and keeps each result on disk, keyed by the object's version and the
 * transform, so a repeated view costs a file read. Concurrent requests for one rendition share one transform.
 * The files on disk are bounded by `maxBytes`: past it the least recently used renditions are removed (each
 * distinct width a client asks for is one more file).
 */
export class RenderCache {
  private readonly inFlight = new Map<string, Promise<Rendered>>();
  /** Cached files by path, least recently used first, with their sizes. */
  private readonly lru = new Map<string, number>();
  private bytes = 0;
  private indexed: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxPixels: number,
    private readonly maxBytes: number = Infinity,
  ) {}

  /** Bytes the cache holds on disk now. */
  async size(): Promise<number> {
    await this.index();
    return this.bytes;
  }

  /** Learns what earlier runs left on disk (oldest first, by modification time). */
  private index(): Promise<void> {
    this.indexed ??= (async () => {
      const found: { file: string; size: number; mtime: number }[] = [];
      for (const version of await readdir(this.dir).catch(() => [] as string[])) {
        for (const name of await readdir(join(this.dir, version)).catch(() => [] as string[])) {
          if (name.endsWith('.tmp')) continue;
          const file = join(this.dir, version, name);
          const info = await stat(file).catch(() => undefined);
          if (info?.isFile()) found.push({ file, size: info.size, mtime: info.mtimeMs });
        }
      }
      found.sort((a, b) => a.mtime - b.mtime);
      for (const f of found) this.remember(f.file, f.size);
      await this.evict();
    })();
    return this.indexed;
  }

  private remember(file: string, size: number): void {
    const old = this.lru.get(file);
    if (old !== undefined) {
      this.lru.delete(file);
      this.bytes -= old;
    }
    this.lru.set(file, size);
    this.bytes += size;
  }

  private async evict(): Promise<void> {
    for (const [file, size] of this.lru) {
      if (this.bytes <= this.maxBytes) break;
      this.lru.delete(file);
      this.bytes -= size;
      await rm(file, { force: true });
    }
  }

  private key(version: string, t: Transform, format: OutputFormat): string {
    return createHash('sha256')
      .update(`${version}|${transformToString(t)}|${format}`)
      .digest('hex')
      .slice(0, 40);
  }

  private path(version: string, key: string, format: OutputFormat): string {
    return join(this.dir, version, `${key}.${format}`);
  }

  async render(
    version: string,
    readSource: () => Promise<Buffer>,
    t: Transform,
    accept: string | undefined,
    sourceFormat: string | undefined,
  ): Promise<Rendered> {
    const format = outputFormat(t, accept, sourceFormat);
    const key = this.key(version, t, format);
    const file = this.path(version, key, format);
    const etag = `"${key}"`;
    await this.index();
    try {
      const bytes = await readFile(file);
      this.remember(file, bytes.length);
      return { bytes, contentType: CONTENT_TYPES[format], etag, cached: true };
    } catch {
      /* not rendered yet */
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const work = (async (): Promise<Rendered> => {
      const source = await readSource();
      let bytes: Buffer;
      try {
        let img = sharp(source, { limitInputPixels: this.maxPixels, failOn: 'error' }).autoOrient();
        if (t.width || t.height) {
          const fit = t.resize === 'contain' ? 'inside' : t.resize === 'fill' ? 'fill' : 'cover';
          img = img.resize({ width: t.width, height: t.height, fit, withoutEnlargement: true });
        }
        const quality = t.quality ?? 80;
        img =
          format === 'webp'
            ? img.webp({ quality })
            : format === 'png'
              ? img.png()
              : img.jpeg({ quality, mozjpeg: false });
        bytes = await img.toBuffer();
      } catch (err) {
        throw storageErrors.imageError(`Image could not be transformed: ${(err as Error).message}`);
      }
      await mkdir(join(this.dir, version), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      this.remember(file, bytes.length);
      await this.evict();
      return { bytes, contentType: CONTENT_TYPES[format], etag, cached: false };
    })();
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Drops every rendition of an object version (after it is replaced or removed). */
  async forget(version: string): Promise<void> {
    if (!/^[\w-]+$/.test(version)) return;
    const folder = join(this.dir, version);
    for (const [file, size] of this.lru) {
      if (file.startsWith(`${folder}/`)) {
        this.lru.delete(file);
        this.bytes -= size;
      }
    }
    await rm(folder, { recursive: true, force: true });
  }
}
