import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { StorageApiError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import {
  confirmedUser,
  dimensions,
  jpeg,
  supabaseClient,
  uniqueEmail,
  type TestBackend,
} from '../../testing/backend.ts';

interface Person {
  client: SupabaseClient;
  userId: string;
  token: string;
}

/** The storage-api contract as supabase-js 2.109 uses it, against the test project's `photos` bucket. */
export function storageContract(backend: () => TestBackend): void {
  let alice: Person;
  let bob: Person;
  let photo: Buffer;

  beforeAll(async () => {
    const b = backend();
    const a = await confirmedUser(b, uniqueEmail('alice'));
    const o = await confirmedUser(b, uniqueEmail('bob'));
    alice = { client: a.client, userId: a.userId, token: a.session.access_token };
    bob = { client: o.client, userId: o.userId, token: o.session.access_token };
    photo = await jpeg(1600, 1200);
  });

  const photos = (p: Person) => p.client.storage.from('photos');

  it('uploads a File as multipart, refuses a duplicate, replaces it with upsert', async () => {
    const path = `${alice.userId}/first.jpg`;
    const file = new File([new Uint8Array(photo)], 'first.jpg', { type: 'image/jpeg' });
    const up = await photos(alice).upload(path, file);
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `photos/${path}` });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const dup = await photos(alice).upload(path, file);
    expect(dup.error).toBeInstanceOf(StorageApiError);
    expect((dup.error as StorageApiError).statusCode).toBe('409');
    expect((dup.error as StorageApiError).status).toBe(400);

    const smaller = await jpeg(200, 100);
    const replaced = await photos(alice).upload(path, new Blob([new Uint8Array(smaller)], { type: 'image/jpeg' }), {
      upsert: true,
    });
    expect(replaced.error).toBeNull();
    const { data } = await photos(alice).download(path);
    expect(await dimensions(await data!.arrayBuffer())).toMatchObject({ width: 200, height: 100 });
    const rows = await backend().sql<{ owner: string; mimetype: string; size: number }>(
      `select owner::text, metadata->>'mimetype' as mimetype, (metadata->>'size')::int as size from storage.objects where name = $1`,
      [path],
    );
    expect(rows[0]).toEqual({ owner: alice.userId, mimetype: 'image/jpeg', size: smaller.byteLength });
  });

  it('uploads a raw body with a content type, and update() replaces an existing object only', async () => {
    const path = `${alice.userId}/raw.jpg`;
    const up = await photos(alice).upload(path, new Uint8Array(photo).buffer, {
      contentType: 'image/jpeg',
      cacheControl: '60',
    });
    expect(up.error).toBeNull();
    const dl = await fetch(`${backend().url}/storage/v1/object/authenticated/photos/${path}`, {
      headers: { apikey: backend().anonKey, authorization: `Bearer ${alice.token}` },
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/jpeg');
    expect(dl.headers.get('cache-control')).toBe('max-age=60');
    expect(Number(dl.headers.get('content-length'))).toBe(photo.byteLength);
    const etag = dl.headers.get('etag')!;
    const again = await fetch(dl.url, { headers: { authorization: `Bearer ${alice.token}`, 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const updated = await photos(alice).update(
      path,
      new Blob([new Uint8Array(await jpeg(10, 10))], { type: 'image/jpeg' }),
    );
    expect(updated.error).toBeNull();
    const missing = await photos(alice).update(
      `${alice.userId}/never.jpg`,
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
    );
    expect((missing.error as StorageApiError).statusCode).toBe('404');
  });

  it('enforces the bucket: size limit, allowed MIME types, unknown bucket, bad keys', async () => {
    const big = new Blob([new Uint8Array(1_048_577)], { type: 'image/jpeg' });
    const tooBig = await photos(alice).upload(`${alice.userId}/big.jpg`, big);
    expect((tooBig.error as StorageApiError).statusCode).toBe('413');
    const text = await photos(alice).upload(`${alice.userId}/notes.txt`, new Blob(['hello'], { type: 'text/plain' }));
    expect(tooBig.error?.message).toBe('The object exceeded the maximum allowed size');
    expect((text.error as StorageApiError).statusCode).toBe('415');
    expect(text.error?.message).toBe('mime type text/plain is not supported');
    const noBucket = await alice.client.storage
      .from('nope')
      .upload(`${alice.userId}/x.jpg`, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    expect((noBucket.error as StorageApiError).statusCode).toBe('404');
    expect(noBucket.error?.message).toBe('Bucket not found');
    const res = await fetch(`${backend().url}/storage/v1/object/photos/${alice.userId}/..%2F..%2Fetc`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('InvalidKey');
  });

  it('checks storage policies as the caller: no writes into another folder, no reads of private objects', async () => {
    const path = `${alice.userId}/private.jpg`;
    expect(
      (await photos(alice).upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }))).error,
    ).toBeNull();

    const intrude = await photos(bob).upload(
      `${alice.userId}/intrude.jpg`,
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
    );
    expect((intrude.error as StorageApiError).statusCode).toBe('403');
    expect(intrude.error?.message).toBe('new row violates row-level security policy');
    const files = await backend().sql<{ n: number }>(`select count(*)::int as n from storage.objects where name = $1`, [
      `${alice.userId}/intrude.jpg`,
    ]);
    expect(files[0]?.n).toBe(0);

    const peek = await photos(bob).download(path);
    expect(peek.error).toBeTruthy();
    const raw = await fetch(`${backend().url}/storage/v1/object/photos/${path}`, {
      headers: { authorization: `Bearer ${backend().anonKey}` },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    const sign = await photos(bob).createSignedUrl(path, 60);
    expect((sign.error as StorageApiError).statusCode).toBe('404');
    const removed = await photos(bob).remove([path]);
    expect(removed.data).toEqual([]);
    expect((await photos(alice).download(path)).error).toBeNull();
  });

  it('lists folders and files under a prefix, reports info and existence', async () => {
    await photos(alice).upload(
      `${alice.userId}/album/one.jpg`,
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
    );
    await photos(alice).upload(
      `${alice.userId}/album/two.jpg`,
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
    );
    const { data, error } = await photos(alice).list(alice.userId, { sortBy: { column: 'name', order: 'asc' } });
    expect(error).toBeNull();
    const names = data!.map((e) => e.name);
    expect(names[0]).toBe('album');
    expect(data![0]!.id).toBeNull();
    expect(names).toContain('first.jpg');
    const inner = await photos(alice).list(`${alice.userId}/album`);
    expect(inner.data!.map((e) => e.name)).toEqual(['one.jpg', 'two.jpg']);
    expect((inner.data![0]!.metadata as { mimetype: string }).mimetype).toBe('image/jpeg');
    const bobView = await photos(bob).list(alice.userId);
    expect(bobView.data).toEqual([]);

    const info = await photos(alice).info(`${alice.userId}/album/one.jpg`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: `${alice.userId}/album/one.jpg`,
      size: photo.byteLength,
      contentType: 'image/jpeg',
    });
    expect((await photos(alice).exists(`${alice.userId}/album/one.jpg`)).data).toBe(true);
    expect((await photos(alice).exists(`${alice.userId}/album/none.jpg`)).data).toBe(false);
  });

  it('signs URLs that download without credentials until they expire, and only for their own path', async () => {
    const path = `${alice.userId}/signed.jpg`;
    await photos(alice).upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    const signed = await photos(alice).createSignedUrl(path, 600);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl.startsWith(`${backend().url}/storage/v1/object/sign/photos/${path}?token=`)).toBe(
      true,
    );
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(photo)).toBe(true);
    expect(res.headers.get('cache-control')).toMatch(/max-age=(59\d|600)/);

    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const elsewhere = await fetch(
      `${backend().url}/storage/v1/object/sign/photos/${alice.userId}/first.jpg?token=${token}`,
    );
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { code: string }).code).toBe('InvalidSignature');

    const expiredToken = await new SignJWT({ url: `photos/${path}`, iat: 1, exp: 2 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
    const expired = await fetch(`${backend().url}/storage/v1/object/sign/photos/${path}?token=${expiredToken}`);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt expired' });

    const batch = await photos(alice).createSignedUrls([path, `${alice.userId}/missing.jpg`], 60);
    expect(batch.error).toBeNull();
    expect(batch.data![0]!.error).toBeNull();
    expect(batch.data![0]!.signedUrl).toContain('/object/sign/photos/');
    expect(batch.data![1]!.error).toBe('Either the object does not exist or you do not have access to it');
    expect(batch.data![1]!.signedUrl).toBeNull();
  });

  it('renders signed transforms with sharp, caches them on disk, and honours resize modes and EXIF orientation', async () => {
    const path = `${alice.userId}/render.jpg`;
    await photos(alice).upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    const signed = await photos(alice).createSignedUrl(path, 86_400, {
      transform: { width: 400, height: 300, quality: 60 },
    });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain('/storage/v1/render/image/sign/photos/');

    const cold = await fetch(signed.data!.signedUrl, { headers: { accept: 'image/jpeg' } });
    expect(cold.status).toBe(200);
    expect(cold.headers.get('x-transform-cache')).toBe('MISS');
    expect(cold.headers.get('content-type')).toBe('image/jpeg');
    expect(cold.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(await dimensions(await cold.arrayBuffer())).toMatchObject({ width: 400, height: 300, format: 'jpeg' });
    const warm = await fetch(signed.data!.signedUrl, { headers: { accept: 'image/jpeg' } });
    expect(warm.headers.get('x-transform-cache')).toBe('HIT');
    const etag = warm.headers.get('etag')!;
    expect(etag).toBe(cold.headers.get('etag'));
    const notModified = await fetch(signed.data!.signedUrl, {
      headers: { accept: 'image/jpeg', 'if-none-match': etag },
    });
    expect(notModified.status).toBe(304);

    const webp = await fetch(signed.data!.signedUrl, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');

    const sizeOf = async (transform: Record<string, unknown>, accept = 'image/jpeg') => {
      const s = await photos(alice).createSignedUrl(path, 60, { transform });
      return dimensions(await (await fetch(s.data!.signedUrl, { headers: { accept } })).arrayBuffer());
    };
    expect(await sizeOf({ width: 300, height: 300, resize: 'cover' })).toMatchObject({ width: 300, height: 300 });
    expect(await sizeOf({ width: 300, height: 300, resize: 'contain' })).toMatchObject({ width: 300, height: 225 });
    expect(await sizeOf({ width: 300, height: 100, resize: 'fill' })).toMatchObject({ width: 300, height: 100 });
    expect(await sizeOf({ width: 800 })).toMatchObject({ width: 800, height: 600 });
    expect(await sizeOf({ width: 2400 })).toMatchObject({ width: 1600, height: 1200 }); // never enlarged

    // A phone photo stored sideways with orientation 6 comes out upright.
    const sideways = `${alice.userId}/sideways.jpg`;
    await photos(alice).upload(sideways, new Blob([new Uint8Array(await jpeg(400, 200, 6))], { type: 'image/jpeg' }));
    const upright = await photos(alice).createSignedUrl(sideways, 60, { transform: { width: 100 } });
    const dims = await dimensions(
      await (await fetch(upright.data!.signedUrl, { headers: { accept: 'image/jpeg' } })).arrayBuffer(),
    );
    expect(dims).toMatchObject({ width: 100, height: 200 });

    // Replacing the object drops its renditions.
    await photos(alice).upload(path, new Blob([new Uint8Array(await jpeg(800, 800))], { type: 'image/jpeg' }), {
      upsert: true,
    });
    const fresh = await fetch(signed.data!.signedUrl, { headers: { accept: 'image/jpeg' } });
    expect(fresh.headers.get('x-transform-cache')).toBe('MISS');
    expect(await dimensions(await fresh.arrayBuffer())).toMatchObject({ width: 400, height: 300 });
  });

  it('removes objects by prefix list and serves public buckets without credentials', async () => {
    const a = `${alice.userId}/gone-1.jpg`;
    const b2 = `${alice.userId}/gone-2.jpg`;
    await photos(alice).upload(a, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    await photos(alice).upload(b2, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    const removed = await photos(alice).remove([a, b2, `${alice.userId}/never-there.jpg`]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual([a, b2]);
    expect((await photos(alice).download(a)).error).toBeTruthy();

    const open = alice.client.storage.from('open');
    const path = `${alice.userId}/public.jpg`;
    expect((await open.upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }))).error).toBeNull();
    const { data } = open.getPublicUrl(path);
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    const rendered = open.getPublicUrl(path, { transform: { width: 160 } });
    const img = await fetch(rendered.data.publicUrl, { headers: { accept: 'image/jpeg' } });
    expect(await dimensions(await img.arrayBuffer())).toMatchObject({ width: 160, height: 120 });
    const privateAsPublic = await fetch(`${backend().url}/storage/v1/object/public/photos/${alice.userId}/first.jpg`);
    expect(((await privateAsPublic.json()) as { message: string }).message).toBe('Bucket not found');
  });

  it('serves byte ranges and storage-api headers on authenticated, public and signed downloads', async () => {
    const b = backend();
    const open = alice.client.storage.from('open');
    const path = `${alice.userId}/range.bin`;
    const bytes = Uint8Array.from({ length: 100 }, (_, i) => i);
    const body = new Blob([bytes], { type: 'application/octet-stream' });
    expect((await open.upload(path, body)).error).toBeNull();
    const signed = await open.createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const auth = { apikey: b.anonKey, authorization: `Bearer ${alice.token}` };
    const urls: [string, Record<string, string>][] = [
      [`${b.url}/storage/v1/object/authenticated/open/${path}`, auth],
      [`${b.url}/storage/v1/object/open/${path}`, auth],
      [open.getPublicUrl(path).data.publicUrl, {}],
      [signed.data!.signedUrl, {}],
    ];
    const invalidRange = {
      statusCode: '416',
      code: 'InvalidRange',
      error: 'invalid_range',
      message: 'invalid range provided',
    };
    for (const [url, headers] of urls) {
      const whole = await fetch(url, { headers });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('x-robots-tag')).toBe('none');
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

      const ranges: [string, number, number][] = [
        ['bytes=10-19', 10, 19],
        ['bytes=90-', 90, 99],
        ['bytes=-5', 95, 99],
        ['bytes=95-1000', 95, 99],
        ['bytes=0-0', 0, 0],
      ];
      for (const [range, from, to] of ranges) {
        const part = await fetch(url, { headers: { ...headers, range } });
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes ${from}-${to}/100`);
        expect(part.headers.get('content-length')).toBe(String(to - from + 1));
        expect(part.headers.get('accept-ranges')).toBe('bytes');
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(from, to + 1));
      }
      for (const range of ['bytes=100-', 'bytes=20-10', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-0', 'bytes=-']) {
        const refused = await fetch(url, { headers: { ...headers, range } });
        expect(refused.status).toBe(416);
        expect(await refused.json()).toEqual(invalidRange);
      }
      // HEAD describes the whole object.
      const head = await fetch(url, { method: 'HEAD', headers: { ...headers, range: 'bytes=0-9' } });
      expect(head.status).toBe(200);
      expect(head.headers.get('accept-ranges')).toBe('bytes');
    }
    // A signed URL states its expiry as storage-api does.
    const expires = Date.parse((await fetch(signed.data!.signedUrl)).headers.get('expires') ?? '');
    expect(Math.abs(expires - (Date.now() + 60_000))).toBeLessThan(5_000);

    // ?download: a bare attachment, or one with the given file name, as storage-api words it.
    const publicUrl = open.getPublicUrl(path).data.publicUrl;
    expect((await fetch(`${publicUrl}?download=`)).headers.get('content-disposition')).toBe('attachment;');
    expect((await fetch(`${publicUrl}?download=my%20file.bin`)).headers.get('content-disposition')).toBe(
      "attachment; filename=my%20file.bin; filename*=UTF-8''my%20file.bin",
    );
    // HTML is served as text/plain.
    const page = `${alice.userId}/page.html`;
    expect((await open.upload(page, new Blob(['<h1>hi</h1>'], { type: 'text/html' }))).error).toBeNull();
    const html = await fetch(open.getPublicUrl(page).data.publicUrl);
    expect(html.headers.get('content-type')).toBe('text/plain');
    // Renditions carry the same headers.
    const jpg = `${alice.userId}/range.jpg`;
    expect((await open.upload(jpg, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }))).error).toBeNull();
    const rendition = await fetch(open.getPublicUrl(jpg, { transform: { width: 40 } }).data.publicUrl);
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get('accept-ranges')).toBe('bytes');
    expect(rendition.headers.get('x-robots-tag')).toBe('none');

    // A row whose bytes are gone: the renderer's 404 body, never cached.
    const lost = `${alice.userId}/lost.bin`;
    const up = await open.upload(lost, new Blob([bytes], { type: 'application/octet-stream' }));
    expect(up.error).toBeNull();
    const [row] = await b.sql<{ version: string }>('select version from storage.objects where id = $1', [up.data!.id]);
    await rm(join(b.filesDir, 'objects', row!.version.slice(0, 2), row!.version));
    const gone = await fetch(open.getPublicUrl(lost).data.publicUrl);
    expect(gone.status).toBe(400);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect(await gone.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'Not found',
      message: 'The resource was not found',
    });

    // supabase-js download() hands back the part a Range asks for.
    const ranged = supabaseClient(b, b.anonKey, (input, init) => {
      const h = new Headers(init?.headers);
      h.set('range', 'bytes=10-19');
      return fetch(input, { ...init, headers: h });
    });
    await ranged.auth.setSession({ access_token: alice.token, refresh_token: 'unused' });
    const { data, error } = await ranged.storage.from('open').download(path);
    expect(error).toBeNull();
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(bytes.slice(10, 20));
  });

  it('answers unknown storage routes 404 in storage-api shape', async () => {
    const b = backend();
    const call = (method: string, path: string) =>
      fetch(`${b.url}/storage/v1${path}`, {
        method,
        headers: { apikey: b.anonKey, authorization: `Bearer ${alice.token}` },
      });
    const rest = async (method: string, path: string) => {
      const res = await call(method, path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        statusCode: '404',
        code: 'InvalidRequest',
        error: 'Not Found',
        message: `Route ${method}:${path} not found`,
      });
    };
    await rest('PATCH', `/object/open/${alice.userId}/range.bin`);
    await rest('GET', '/object');
    await rest('GET', '/render/image/sideways/open/x.jpg?width=10');
    await rest('PUT', '/bucket');
    // Outside storage-api's route prefixes: Fastify's own 404.
    const other = await call('GET', '/nothing/here?x=1');
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({
      message: 'Route GET:/nothing/here?x=1 not found',
      error: 'Not Found',
      statusCode: 404,
    });
    // HEAD on a bucket is no route either.
    expect((await call('HEAD', '/bucket/open')).status).toBe(404);
  });

  it('lets anon read the shared folder and nothing else', async () => {
    const admin = supabaseClient(backend(), backend().serviceRoleKey).storage.from('photos');
    expect(
      (await admin.upload('shared/welcome.jpg', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }))).error,
    ).toBeNull();
    const anon = supabaseClient(backend()).storage.from('photos');
    expect((await anon.download('shared/welcome.jpg')).error).toBeNull();
    const signed = await anon.createSignedUrl('shared/welcome.jpg', 60, { transform: { width: 50 } });
    expect(signed.error).toBeNull();
    expect((await anon.download(`${alice.userId}/first.jpg`)).error).toBeTruthy();
    const upload = await anon.upload('shared/anon.jpg', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    expect((upload.error as StorageApiError).statusCode).toBe('403');
  });
}
