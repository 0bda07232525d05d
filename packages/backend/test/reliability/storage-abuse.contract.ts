import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SERVER_LIMITS } from '@snapshire/contracts';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { confirmedUser, dimensions, jpeg, uniqueEmail, type TestBackend } from '../../testing/backend.ts';

/** A noisy JPEG: its renditions are as large as real photos' (a flat test image renders to a few bytes). */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await folderBytes(path) : (await stat(path)).size;
  }
  return total;
}

/** Storage abuse from the issue; `renderCacheMaxBytes` is what the backend under test was started with. */
export function storageAbuseContract(get: () => TestBackend, renderCacheMaxBytes: number): void {
  it('bounds signed URL expiry, keeps render tokens to their render, refuses control characters in keys', async () => {
    const b = get();
    const { client, userId, session } = await confirmedUser(b, uniqueEmail('storage-abuse'));
    const path = `${userId}/original.jpg`;
    expect(
      (
        await client.storage
          .from('photos')
          .upload(path, new Blob([new Uint8Array(await jpeg(800, 600))], { type: 'image/jpeg' }))
      ).error,
    ).toBeNull();

    const sign = (expiresIn: number, transform?: Record<string, unknown>) =>
      fetch(`${b.url}/storage/v1/object/sign/photos/${path}`, {
        method: 'POST',
        headers: {
          apikey: b.anonKey,
          authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ expiresIn, transform }),
      });
    const forever = await sign(1e21);
    expect(forever.status).toBe(400);
    expect(await forever.json()).toMatchObject({ statusCode: '400', error: 'InvalidParameter' });
    expect((await sign(SERVER_LIMITS.SIGNED_URL_MAX_EXPIRES_IN_S)).status).toBe(200);

    const thumb = await client.storage
      .from('photos')
      .createSignedUrl(path, 60, { transform: { width: 100, height: 75 } });
    expect(thumb.error).toBeNull();
    const renderUrl = new URL(thumb.data!.signedUrl);
    const rendered = await fetch(renderUrl);
    expect(rendered.status).toBe(200);
    expect((await dimensions(await rendered.arrayBuffer())).width).toBe(100);
    const token = renderUrl.searchParams.get('token')!;
    const original = await fetch(`${b.url}/storage/v1/object/sign/photos/${path}?token=${token}`);
    expect(original.status).toBe(400);
    expect(await original.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });

    const headers = { apikey: b.anonKey, authorization: `Bearer ${session.access_token}` };
    for (const url of [
      `/storage/v1/object/photos/${userId}/a%00b.jpg`,
      `/storage/v1/object/authenticated/photos/${userId}/a%00b.jpg`,
      `/storage/v1/object/info/photos/a%01b`,
    ]) {
      const res = await fetch(`${b.url}${url}`, { headers });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    const upload = await fetch(`${b.url}/storage/v1/object/photos/${userId}/bad%00.jpg`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await jpeg(10, 10)),
    });
    expect(upload.status).toBe(400);
  });

  it('keeps the render cache under its size, however many widths are asked for', async () => {
    const b = get();
    const { client, userId } = await confirmedUser(b, uniqueEmail('render-cache'));
    const path = `${userId}/widths.jpg`;
    expect(
      (
        await client.storage
          .from('photos')
          .upload(path, new Blob([new Uint8Array(await noisyJpeg(800, 600))], { type: 'image/jpeg' }))
      ).error,
    ).toBeNull();
    let served = 0;
    for (let width = 40; width <= 320; width += 20) {
      const signed = await client.storage.from('photos').createSignedUrl(path, 60, { transform: { width } });
      const res = await fetch(signed.data!.signedUrl);
      expect(res.status).toBe(200);
      served += (await res.arrayBuffer()).byteLength;
    }
    // What was served would not fit: the cache kept only the most recent renditions.
    expect(served).toBeGreaterThan(renderCacheMaxBytes * 2);
    const onDisk = await folderBytes(join(b.filesDir, 'render-cache'));
    expect(onDisk).toBeGreaterThan(0);
    expect(onDisk).toBeLessThanOrEqual(renderCacheMaxBytes);
  });
}
