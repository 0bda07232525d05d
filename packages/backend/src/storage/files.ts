import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storageErrors } from './errors.ts';

/** Object bytes on disk, one file per object version. */
export class ObjectFiles {
  /** `assertWritable` throws once this process may no longer write to its data directory (lock lost). */
  constructor(
    private readonly dir: string,
    private readonly assertWritable: () => void = () => {},
  ) {}

  path(version: string): string {
    if (!/^[\w-]+$/.test(version)) throw storageErrors.internal('bad object version');
    return join(this.dir, version.slice(0, 2), version);
  }

  async write(bytes: Uint8Array): Promise<string> {
    this.assertWritable();
    const version = randomUUID();
    const file = this.path(version);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, bytes);
    return version;
  }

  async copy(fromVersion: string): Promise<string> {
    this.assertWritable();
    const version = randomUUID();
    const file = this.path(version);
    await mkdir(join(file, '..'), { recursive: true });
    await copyFile(this.path(fromVersion), file);
    return version;
  }

  read(version: string): Promise<Buffer> {
    return readFile(this.path(version));
  }

  async remove(version: string | null | undefined): Promise<void> {
    this.assertWritable();
    if (version) await rm(this.path(version), { force: true });
  }
}
