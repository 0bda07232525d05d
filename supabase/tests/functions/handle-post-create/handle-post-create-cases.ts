/**
 * handle-post-create mounted by the embedded backend, driven by the real supabase-js functions.invoke:
 * a post is created, and every bad input is refused with a clear message and nothing stored. Defined once,
 * run on PGlite and on PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import {
  CAMERA_DETAILS,
  LIMITS,
  MESSAGES,
  PHOTO_BUCKET,
  POST_CREATE_FIELDS,
  postObjectPath,
} from '@snapshire/contracts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { backfillPlaceholders } from '../../../backfill/placeholders.ts';
import { DEFAULT_JWT_SECRET } from '../../../../packages/backend/src/config/keys.ts';
import {
  answerStoringNothing,
  createdPostId,
  IDS,
  invoke,
  invokeRaw,
  jpegFile,
  postForm,
  postRow,
  startHarness,
  storedCounts,
  storedPhoto,
  withOnePostMore,
  type Answer,
  type PostForm,
} from '../../../../packages/backend/testing/functions-harness.ts';
import { suiteFixture } from '../../../../packages/backend/testing/suiteFixture.ts';
import { thumbHashToAverageRGBA, thumbHashToApproximateAspectRatio } from 'thumbhash';
import {
  CAMERA_EXIF,
  cameraPhoto,
  jpeg,
  jpegClaiming,
  oversized,
  png,
  truncatedJpeg,
} from '../../../../packages/backend/testing/upload-photos.ts';

export function defineHandlePostCreateSuite(label: string, databaseUrl: () => Promise<string | undefined>): void {
  describe(`handle-post-create on the embedded backend (${label})`, () => {
    const h = suiteFixture(
      async () => startHarness({ databaseUrl: await databaseUrl() }),
      (harness) => harness.stop(),
    );
    let photo: Buffer;
    beforeAll(async () => {
      photo = await jpeg(640, 480);
    });

    const validForm = (overrides: Partial<PostForm> = {}): PostForm => ({
      file: jpegFile(photo, 'holiday.jpg'),
      groupId: IDS.pub,
      photoType: 'DIGITAL',
      width: 640,
      height: 480,
      ...overrides,
    });
    /** Sends the valid form as `sender` with `overrides`, then `alter`ed (a field broken on purpose). */
    const sendForm = (sender: SupabaseClient, overrides: Partial<PostForm> = {}, alter?: (form: FormData) => void) =>
      invoke(sender, postForm(validForm(overrides), alter));
    /** Sends `bytes` as the photo named `name`, stated as `width` x `height` (else the valid form's size). */
    const sendPhoto = (sender: SupabaseClient, bytes: Uint8Array, name: string, size?: [number, number]) =>
      sendForm(sender, { file: jpegFile(bytes, name), ...(size && { width: size[0], height: size[1] }) });

    /** The post's stored photo as `reader` downloads it: its metadata and its top-left pixel (red, green, blue). */
    const storedLook = async (postId: string, reader: SupabaseClient) => {
      const image = sharp(await storedPhoto(h, postId, reader));
      const { data } = await image.raw().toBuffer({ resolveWithObject: true });
      return { meta: await image.metadata(), pixel: [data[0]!, data[1]!, data[2]!] as const };
    };

    /** Sends the form and checks the refusal: status, message, and no row or object left anywhere. */
    async function expectRefused(send: () => Promise<Answer>, status: number, message: string): Promise<void> {
      const answer = await answerStoringNothing(h, send);
      expect(answer.status).toBe(status);
      expect(answer.body.error).toBe(message);
      expect(answer.body.post).toBeUndefined();
    }

    describe('handle-post-create creates a post', () => {
      it('stores the photo, the post and its categories, and shows the post only once stored (member, private group)', async () => {
        const before = await storedCounts(h);
        const answer = await sendForm(h.member, {
          groupId: IDS.priv,
          description: '  Sunday walk  ',
          photoType: 'FILM',
          cameraMake: 'Nikon',
          cameraModel: 'FM2',
          // The client's size is a claim; the stored post records the image's own.
          width: 1,
          height: 1,
          categoryIds: [IDS.shared, IDS.privOnly],
        });
        const id = createdPostId(answer);
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        const post = await postRow(h, id);
        expect(post).toMatchObject({
          group_id: IDS.priv,
          author_id: h.memberId,
          meta_width: 640,
          meta_height: 480,
          photo_type: 'FILM',
          description: 'Sunday walk',
          camera_make: 'Nikon',
          camera_model: 'FM2',
          has_uploaded_photo: true,
        });
        expect(post.file_name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
        const categories = await h.owner.query(
          'select category_id from public.post_category where post_id = $1 order by 1',
          [id],
        );
        expect(categories.rows.map((r) => r.category_id)).toEqual([IDS.shared, IDS.privOnly].sort());
        expect(await storedCounts(h)).toEqual(withOnePostMore(before, 2));

        // The member reads the photo; the outsider and anon see neither the post's photo nor the object.
        const path = postObjectPath(id, post.file_name as string);
        const mine = await h.member.storage.from(PHOTO_BUCKET).download(path);
        expect(mine.error).toBeNull();
        const meta = await sharp(Buffer.from(await mine.data!.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 480]);
        expect((await h.outsider.storage.from(PHOTO_BUCKET).download(path)).error).not.toBeNull();
        expect((await h.anon.storage.from(PHOTO_BUCKET).download(path)).error).not.toBeNull();
      });

      it('stores tiny photos, and a normal photo after them (one odd file never breaks the next person’s upload)', async () => {
        const tiny = (width: number, height: number, background: string) =>
          sharp({ create: { width, height, channels: 3, background } })
            .jpeg({ quality: 90 })
            .toBuffer();
        const sent = [
          { bytes: await tiny(10, 10, '#c0392b'), width: 10, height: 10 },
          { bytes: await tiny(10, 10, '#2980b9'), width: 10, height: 10 },
          { bytes: await tiny(1, 1, '#27ae60'), width: 1, height: 1 },
          { bytes: await tiny(1, 40, '#8e44ad'), width: 1, height: 40 },
          { bytes: await jpeg(2000, 1500), width: 2000, height: 1500 },
        ];
        for (const { bytes, width, height } of sent) {
          const id = createdPostId(
            await sendPhoto(h.member, bytes, 'tiny.jpg', [width, height]),
            ` (${width}x${height})`,
          );
          expect(await postRow(h, id, 'meta_width, meta_height')).toEqual({ meta_width: width, meta_height: height });
        }
      });

      it('stores a CMYK JPEG as an RGB photo of the same colours', async () => {
        const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
          .toColourspace('cmyk')
          .jpeg({ quality: 95 })
          .toBuffer();
        expect((await sharp(bytes).metadata()).space).toBe('cmyk');
        const id = createdPostId(await sendPhoto(h.member, bytes, 'print.jpg', [64, 48]));
        const { meta, pixel } = await storedLook(id, h.member);
        expect(meta.space).toBe('srgb');
        // Still the brick red it was painted (#c0392b): converted as browsers show a CMYK JPEG without a
        // profile, which shifts it a little (sharp's profile-managed conversion gives 192, 45, 20).
        expect(pixel[0]).toBeGreaterThan(170);
        expect(pixel[1]).toBeLessThan(70);
        expect(pixel[2]).toBeLessThan(50);
      });

      it('takes width and height as advisory: without them the post records the image’s own size', async () => {
        const id = createdPostId(await sendForm(h.member, { width: undefined, height: undefined }));
        expect(await postRow(h, id, 'meta_width, meta_height')).toEqual({ meta_width: 640, meta_height: 480 });
      });

      it('refuses a width that is not a positive whole number, even though it is only advisory', async () => {
        await expectRefused(
          () => sendForm(h.member, {}, (form) => form.set(POST_CREATE_FIELDS.WIDTH, 'wide')),
          400,
          MESSAGES.DIMENSIONS_REQUIRED,
        );
      });

      it("lets a public group's members post into it, the rest only once they have joined", async () => {
        const id = createdPostId(await sendForm(h.outsider, { categoryIds: [IDS.shared] }));
        expect(await postRow(h, id, 'author_id, has_uploaded_photo')).toEqual({
          author_id: h.outsiderId,
          has_uploaded_photo: true,
        });

        // Seeing the group is not taking part: a signed-in non-member is told to join, and nothing is stored.
        await expectRefused(() => sendForm(h.stranger), 403, MESSAGES.JOIN_TO_POST);
        const joined = await h.stranger.rpc('join_group', { group_id: IDS.pub });
        expect(joined.error).toBeNull();
        try {
          expect((await sendForm(h.stranger)).status).toBe(201);
        } finally {
          await h.owner.query('delete from public.group_member where group_id = $1 and user_id = $2', [
            IDS.pub,
            h.strangerId,
          ]);
        }
      });

      it('stores the photo under a generated name whatever path tricks the file name carries', async () => {
        for (const name of [
          '../../../etc/passwd.jpg',
          '..\\..\\boot.ini.jpg',
          'posts/other-post/x.jpg',
          '%2e%2e%2fevil.jpg',
          ' .jpg',
        ]) {
          const id = createdPostId(await sendPhoto(h.outsider, photo, name), ` (${name})`);
          const { rows } = await h.owner.query<{ name: string }>(
            `select o.name from storage.objects o where o.bucket_id = $1 and o.name like $2`,
            [PHOTO_BUCKET, `posts/${id}/%`],
          );
          expect(rows).toHaveLength(1);
          expect(rows[0]!.name).toMatch(new RegExp(`^posts/${id}/[0-9a-f-]{36}\\.jpg$`));
        }
        const leaked = await h.owner.query(
          `select name from storage.objects where name like '%passwd%' or name like '%..%' or name like '%boot%' or name like '%evil%'`,
        );
        expect(leaked.rows).toEqual([]);
      });

      it('turns the photo upright from its EXIF orientation and strips EXIF and GPS before storing it', async () => {
        // 200x100 with a red block top-left, tagged orientation 6 (rotate 90° clockwise to view) and a GPS position.
        const tagged = await jpeg(200, 100, { orientation: 6, gps: true });
        const source = await sharp(tagged).metadata();
        expect(source.orientation).toBe(6);
        // The GPS IFD pointer tag (0x8825) is in the upload's EXIF, in either byte order.
        expect(
          source.exif?.includes(Buffer.from([0x25, 0x88])) || source.exif?.includes(Buffer.from([0x88, 0x25])),
        ).toBe(true);

        const id = createdPostId(await sendPhoto(h.outsider, tagged, 'gps.jpg', [200, 100]));
        expect(await postRow(h, id, 'meta_width, meta_height')).toEqual({ meta_width: 100, meta_height: 200 });
        const bytes = await storedPhoto(h, id);
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect([meta.width, meta.height]).toEqual([100, 200]);
        expect(bytes.includes(Buffer.from('Leaky Phone'))).toBe(false);
        // After a clockwise quarter turn the red block sits at the top right.
        const { data } = await sharp(bytes)
          .extract({ left: 80, top: 5, width: 10, height: 10 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const [r, g, b] = [data[0]!, data[1]!, data[2]!];
        expect(r).toBeGreaterThan(150);
        expect(g).toBeLessThan(90);
        expect(b).toBeLessThan(90);
      });

      it('keeps a phone photo’s camera details and loses its GPS position and serial numbers', async () => {
        const sent = await cameraPhoto(400, 300, 6);
        // The upload states all of it, GPS and serial numbers included.
        expect(sent.includes(Buffer.from(CAMERA_EXIF.bodySerial))).toBe(true);
        expect(sent.includes(Buffer.from([0x88, 0x25])) || sent.includes(Buffer.from([0x25, 0x88]))).toBe(true);
        const id = createdPostId(await sendPhoto(h.outsider, sent, 'x100v.jpg', [400, 300]));
        const post = await postRow(h, id);
        expect(post).toMatchObject({
          camera_make: CAMERA_EXIF.make,
          camera_model: CAMERA_EXIF.model,
          camera_lens: CAMERA_EXIF.lens,
          f_number: CAMERA_EXIF.fNumber,
          iso: CAMERA_EXIF.iso,
          focal_length: CAMERA_EXIF.focalLength,
          meta_width: 300,
          meta_height: 400,
        });
        expect(post.exposure_time).toBeCloseTo(CAMERA_EXIF.exposureTime, 9);
        // Nothing else of the EXIF is kept in the row: no column holds a serial number (the post has no column
        // a position could go in).
        expect(JSON.stringify(post)).not.toMatch(new RegExp(`${CAMERA_EXIF.bodySerial}|${CAMERA_EXIF.lensSerial}`));
        const bytes = await storedPhoto(h, id);
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        for (const secret of [CAMERA_EXIF.bodySerial, CAMERA_EXIF.lensSerial, CAMERA_EXIF.model, 'Exif'])
          expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
      });

      it('stores no camera details from the EXIF when the uploader leaves them out; make and model sent win', async () => {
        const sent = await cameraPhoto(400, 300, 1);
        const omitted = createdPostId(
          await sendForm(h.outsider, { file: jpegFile(sent, 'x.jpg'), cameraDetails: CAMERA_DETAILS.OMIT }),
        );
        const columns = 'camera_make, camera_model, camera_lens, exposure_time, f_number, iso, focal_length';
        expect(await postRow(h, omitted, columns)).toEqual(
          Object.fromEntries(columns.split(', ').map((c) => [c, null])),
        );
        const stated = createdPostId(
          await sendForm(h.outsider, { file: jpegFile(sent, 'x.jpg'), cameraMake: 'Leica', cameraModel: 'M6' }),
        );
        expect(await postRow(h, stated, columns)).toMatchObject({
          camera_make: 'Leica',
          camera_model: 'M6',
          iso: CAMERA_EXIF.iso,
        });
      });

      it('computes the placeholder (a ThumbHash of at most 40 bytes) from the upright photo', async () => {
        // Red everywhere, 400x300 taken with orientation 6: stored 300x400, a portrait.
        const red = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c0392b' } })
          .withMetadata({ orientation: 6 })
          .jpeg({ quality: 90 })
          .toBuffer();
        const id = createdPostId(await sendPhoto(h.outsider, red, 'red.jpg', [400, 300]));
        const text = (await postRow<{ thumbhash: string }>(h, id, 'thumbhash')).thumbhash;
        expect(text).toMatch(/^[A-Za-z0-9+/]+$/);
        const hash = Buffer.from(text, 'base64');
        expect(hash.length).toBeGreaterThan(4);
        expect(hash.length).toBeLessThanOrEqual(40);
        // What a post adds to the group query's answer: `,"th":"<text>"` (the query's alias), at most 40 bytes.
        expect(Buffer.byteLength(`,"th":${JSON.stringify(text)}`)).toBeLessThanOrEqual(40);
        const average = thumbHashToAverageRGBA(hash);
        expect(average.r).toBeGreaterThan(0.6);
        expect(average.g).toBeLessThan(0.35);
        expect(average.b).toBeLessThan(0.3);
        expect(thumbHashToApproximateAspectRatio(hash)).toBeLessThan(1);
      });

      it('honours a wide-gamut photo’s ICC profile (Display P3): stored as the same colours in sRGB, profile stripped', async () => {
        // #c0392b painted in sRGB, converted by sharp (lcms) to Display P3 values (178, 68, 51) with the P3 profile.
        const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
          .withIccProfile('p3')
          .jpeg({ quality: 95 })
          .toBuffer();
        expect((await sharp(bytes).metadata()).icc).toBeDefined();
        const id = createdPostId(await sendPhoto(h.member, bytes, 'p3.jpg', [64, 48]));
        const { meta, pixel } = await storedLook(id, h.member);
        expect(meta.icc).toBeUndefined();
        const [r, g, b] = pixel;
        expect(Math.abs(r - 0xc0), `stored ${[r, g, b]}`).toBeLessThanOrEqual(6);
        expect(Math.abs(g - 0x39), `stored ${[r, g, b]}`).toBeLessThanOrEqual(6);
        expect(Math.abs(b - 0x2b), `stored ${[r, g, b]}`).toBeLessThanOrEqual(6);
      });

      it('stores a progressive JPEG', async () => {
        const bytes = await sharp(await jpeg(320, 240))
          .jpeg({ progressive: true, quality: 85 })
          .toBuffer();
        createdPostId(await sendPhoto(h.member, bytes, 'progressive.jpg', [320, 240]));
      });

      it('stores a YCCK JPEG (CMYK as TurboJPEG and Photoshop write it) as an RGB photo of the same colours', async () => {
        // fixtures/ycck.jpg: 64x48 of #c0392b, written by libjpeg-turbo's `tjbench brick.ppm 95 -cmyk -subsamp 444`
        // (Adobe marker, transform 2: YCCK).
        const bytes = await readFile(new URL('./fixtures/ycck.jpg', import.meta.url));
        expect(bytes[17]).toBe(2); // the Adobe segment's transform byte
        const id = createdPostId(await sendPhoto(h.member, bytes, 'ycck.jpg', [64, 48]));
        const { meta, pixel } = await storedLook(id, h.member);
        expect(meta.space).toBe('srgb');
        expect(Math.abs(pixel[0] - 0xc0)).toBeLessThan(20);
        expect(Math.abs(pixel[1] - 0x39)).toBeLessThan(20);
        expect(Math.abs(pixel[2] - 0x2b)).toBeLessThan(20);
      });

      it('answers a CORS preflight', async () => {
        const res = await fetch(`${h.backend.url}/functions/v1/handle-post-create`, {
          method: 'OPTIONS',
          headers: {
            origin: 'http://127.0.0.1:5173',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type, apikey',
          },
        });
        expect(res.status).toBeLessThan(300);
        expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
        expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('authorization');
      });
    });

    describe('handle-post-create refuses bad input and stores nothing', () => {
      /** A request the function refuses: what is wrong with it, how it is sent, and the answer. */
      const REFUSED: Array<[what: string, send: () => Promise<Answer>, status: number, message: string]> = [
        ['a PNG sent as image/jpeg', async () => sendPhoto(h.member, await png(), 'a.jpg'), 415, MESSAGES.NOT_A_JPEG],
        [
          'a text file sent as image/jpeg',
          () => sendPhoto(h.member, Buffer.from('just some text, certainly not a photograph\n'.repeat(20)), 'a.jpg'),
          415,
          MESSAGES.NOT_A_JPEG,
        ],
        [
          'a file declared as something other than a JPEG',
          () => sendForm(h.member, { file: { bytes: photo, name: 'a.png', type: 'image/png' } }),
          415,
          MESSAGES.ONLY_JPEG,
        ],
        [
          `${LIMITS.UPLOAD_MAX_BYTES} + 1 bytes`,
          () => sendPhoto(h.member, oversized(LIMITS.UPLOAD_MAX_BYTES + 1, photo), 'big.jpg'),
          413,
          MESSAGES.PHOTO_TOO_LARGE,
        ],
        [
          'a body far larger than any photo, before reading it all',
          () => sendPhoto(h.member, oversized(LIMITS.UPLOAD_MAX_BYTES * 2, photo), 'huge.jpg'),
          413,
          MESSAGES.PHOTO_TOO_LARGE,
        ],
        [
          'a truncated JPEG, as damaged (not as "not a JPEG")',
          async () => sendPhoto(h.member, await truncatedJpeg(), 'cut.jpg'),
          400,
          MESSAGES.PHOTO_DAMAGED,
        ],
        [
          `a JPEG wider than ${LIMITS.PHOTO_MAX_SIDE_PX} pixels, refused from its header`,
          async () => sendPhoto(h.member, await jpegClaiming(LIMITS.PHOTO_MAX_SIDE_PX + 1, 1), 'strip.jpg'),
          413,
          MESSAGES.PHOTO_SIDE_TOO_LONG,
        ],
        [
          'an arithmetic-coded JPEG, as a kind of JPEG not supported',
          async () =>
            sendPhoto(h.member, await readFile(new URL('./fixtures/arithmetic.jpg', import.meta.url)), 'arith.jpg'),
          415,
          MESSAGES.JPEG_KIND_UNSUPPORTED,
        ],
        [
          'a 10000x10000 JPEG, refused from its header before decoding',
          async () => sendPhoto(h.member, await jpegClaiming(10_000, 10_000), 'bomb.jpg'),
          413,
          MESSAGES.IMAGE_TOO_MANY_PIXELS,
        ],
        [
          'a JPEG header claiming 60000x60000 pixels',
          async () => sendPhoto(h.member, await jpegClaiming(60000, 60000), 'bomb.jpg'),
          413,
          MESSAGES.IMAGE_TOO_MANY_PIXELS,
        ],
        [
          'a 201-character description',
          () => sendForm(h.member, { description: 'x'.repeat(201) }),
          400,
          MESSAGES.DESCRIPTION_TOO_LONG,
        ],
        [
          'no photo type',
          () => sendForm(h.member, {}, (form) => form.delete(POST_CREATE_FIELDS.PHOTO_TYPE)),
          400,
          MESSAGES.PHOTO_TYPE_REQUIRED,
        ],
        [
          'a text field in place of the file',
          () => sendForm(h.member, {}, (form) => form.set(POST_CREATE_FIELDS.FILE, 'not a file')),
          400,
          MESSAGES.INVALID_FILE,
        ],
        [
          "another group's category",
          () => sendForm(h.member, { groupId: IDS.pub, categoryIds: [IDS.privOnly] }),
          400,
          MESSAGES.UNKNOWN_CATEGORY,
        ],
        [
          'a non-member posting into the private group (answered like a missing group)',
          () => sendForm(h.outsider, { groupId: IDS.priv }),
          404,
          MESSAGES.GROUP_NOT_FOUND,
        ],
      ];
      it.each(REFUSED)('%s', (_, send, status, message) => expectRefused(send, status, message));

      it('an unknown category', async () => {
        await expectRefused(() => sendForm(h.member, { categoryIds: [IDS.unused] }), 400, MESSAGES.UNKNOWN_CATEGORY);
        await expectRefused(
          () => sendForm(h.member, { categoryIds: [IDS.shared, '62000000-0000-4000-8000-0000000000ff'] }),
          400,
          MESSAGES.UNKNOWN_CATEGORY,
        );
      });

      it('a group that does not exist, and no group id', async () => {
        await expectRefused(
          () => sendForm(h.member, { groupId: '61000000-0000-4000-8000-0000000000ff' }),
          404,
          MESSAGES.GROUP_NOT_FOUND,
        );
        await expectRefused(
          () => sendForm(h.member, {}, (form) => form.delete(POST_CREATE_FIELDS.GROUP_ID)),
          400,
          MESSAGES.MISSING_GROUP_ID,
        );
      });

      it('no JWT: anon key only, or no Authorization header at all', async () => {
        await expectRefused(() => sendForm(h.anon), 401, MESSAGES.NOT_SIGNED_IN);
        await expectRefused(() => invokeRaw(h.backend, postForm(validForm())), 401, MESSAGES.NOT_SIGNED_IN);
      });

      it('a forged, an expired, an alg-none JWT and the service role key', async () => {
        const claims = { sub: h.memberId, role: 'authenticated', aud: 'authenticated', email: 'member@functions.test' };
        const now = Math.floor(Date.now() / 1000);
        const forged = await new SignJWT({ ...claims, exp: now + 3600 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-to-sign'));
        const expired = await new SignJWT({ ...claims, exp: now - 60, iat: now - 3660 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
        const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
        const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 3600 })}.`;
        for (const token of [forged, expired, none, h.backend.serviceRoleKey, 'not-a-jwt']) {
          await expectRefused(
            () => invokeRaw(h.backend, postForm(validForm()), `Bearer ${token}`),
            401,
            MESSAGES.NOT_SIGNED_IN,
          );
        }
      });

      it('a storage failure: no post row is written', async () => {
        // Make storage refuse the photo: the bucket briefly accepts PNG only.
        await h.owner.query(`update storage.buckets set allowed_mime_types = '{image/png}' where id = $1`, [
          PHOTO_BUCKET,
        ]);
        // With an idempotency key: a failed attempt uses up nothing, so its retry posts the photo.
        const key = crypto.randomUUID();
        try {
          await expectRefused(() => sendForm(h.member, { idempotencyKey: key }), 500, MESSAGES.POST_CREATE_FAILED);
        } finally {
          await h.owner.query(`update storage.buckets set allowed_mime_types = '{image/jpeg}' where id = $1`, [
            PHOTO_BUCKET,
          ]);
        }
        expect((await sendForm(h.member)).status).toBe(201);
      });

      it('a database failure after the photo was stored: the photo is removed again', async () => {
        // The post_create RPC fails (the service role briefly may not call it) after the upload succeeded.
        await h.owner.query(
          `revoke execute on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[], text, text, double precision, double precision, integer, double precision, uuid, text) from service_role`,
        );
        // With an idempotency key: a failed attempt uses up nothing, so its retry posts the photo.
        const key = crypto.randomUUID();
        try {
          await expectRefused(() => sendForm(h.member, { idempotencyKey: key }), 500, MESSAGES.POST_CREATE_FAILED);
        } finally {
          await h.owner.query(
            `grant execute on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[], text, text, double precision, double precision, integer, double precision, uuid, text) to service_role`,
          );
        }
        expect((await sendForm(h.member, { idempotencyKey: key })).status).toBe(201);
      });
    });

    describe('handle-post-create stores one post per idempotency key (issue 25)', () => {
      const newKey = () => crypto.randomUUID();

      it('answers a retry with the same key and photo with the same post, storing nothing more', async () => {
        const before = await storedCounts(h);
        const key = newKey();
        const id = createdPostId(await sendForm(h.member, { idempotencyKey: key }));
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        // The answer was lost on the way back; the client sends the same photo with the same key again.
        const retry = await sendForm(h.member, { idempotencyKey: key });
        expect(retry.status).toBe(200);
        expect(retry.body.post?.id).toBe(id);
        expect(await storedCounts(h)).toEqual(withOnePostMore(before));
        const keys = await h.owner.query(
          'select post_id from public.post_idempotency where user_id = $1 and key = $2',
          [h.memberId, key],
        );
        expect(keys.rows).toEqual([{ post_id: id }]);
      });

      it('refuses the same key with a different photo, and stores nothing for it', async () => {
        const key = newKey();
        createdPostId(await sendForm(h.member, { idempotencyKey: key }));
        const other = await jpeg(320, 240);
        await expectRefused(
          () => sendForm(h.member, { idempotencyKey: key, file: jpegFile(other, 'other.jpg') }),
          409,
          MESSAGES.IDEMPOTENCY_KEY_REUSED,
        );
      });

      it('keeps keys per user: another user with the same key gets a post of their own', async () => {
        const key = newKey();
        const mine = await sendForm(h.member, { idempotencyKey: key });
        const theirs = await sendForm(h.outsider, { idempotencyKey: key });
        expect([mine.status, theirs.status]).toEqual([201, 201]);
        expect(theirs.body.post?.id).not.toBe(mine.body.post?.id);
      });

      it('leaves one post and no stray photo when two requests with one key race', async () => {
        const before = await storedCounts(h);
        const key = newKey();
        const answers = await Promise.all([
          sendForm(h.member, { idempotencyKey: key }),
          sendForm(h.member, { idempotencyKey: key }),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
        expect(answers[0]!.body.post?.id).toBe(answers[1]!.body.post?.id);
        expect(await storedCounts(h)).toEqual(withOnePostMore(before));
      });

      it('refuses a key that is not a UUID', async () => {
        await expectRefused(
          () => sendForm(h.member, { idempotencyKey: 'not-a-key' }),
          400,
          MESSAGES.IDEMPOTENCY_KEY_INVALID,
        );
      });
    });

    describe('the one-off backfill (supabase/backfill/placeholders.ts)', () => {
      it('gives posts stored before placeholders theirs, once, and leaves the others alone', async () => {
        const made = await sendForm(h.member);
        const older = await sendForm(h.member);
        expect([made.status, older.status]).toEqual([201, 201]);
        const computed = (await postRow<{ thumbhash: string }>(h, made.body.post!.id, 'thumbhash')).thumbhash;
        // As if stored before this change: no placeholder.
        await h.owner.query('update public.post set thumbhash = null where id = any ($1::uuid[])', [
          [made.body.post!.id, older.body.post!.id],
        ]);
        const ctx = {
          sql: { query: (text: string, params?: unknown[]) => h.owner.query(text, params) },
          supabase: h.admin,
          url: h.backend.url,
          log: () => undefined,
        } as Parameters<typeof backfillPlaceholders>[0];
        const first = await backfillPlaceholders(ctx);
        expect(first.failed).toBe(0);
        expect(first.done).toBeGreaterThanOrEqual(2);
        const { rows } = await h.owner.query<{ id: string; thumbhash: string | null }>(
          'select id, thumbhash from public.post where has_uploaded_photo',
        );
        expect(rows.filter((row) => row.thumbhash === null)).toEqual([]);
        const backfilled = rows.find((row) => row.id === made.body.post!.id)!.thumbhash!;
        expect(Buffer.from(backfilled, 'base64').length).toBeLessThanOrEqual(40);
        // From the stored photo, decoded again: the same picture, so nearly the same average colour.
        const a = thumbHashToAverageRGBA(Buffer.from(backfilled, 'base64'));
        const b = thumbHashToAverageRGBA(Buffer.from(computed, 'base64'));
        for (const channel of ['r', 'g', 'b'] as const) expect(Math.abs(a[channel] - b[channel])).toBeLessThan(0.05);
        expect(await backfillPlaceholders(ctx)).toEqual({ done: 0, failed: 0 });
      });
    });

    describe('post_create, post_create_check and post_set_thumbhash are for the service role only', () => {
      it('a signed-in user calling the RPC directly is refused and nothing is written', async () => {
        const before = await storedCounts(h);
        const direct = await h.member.rpc('post_create', {
          p_id: '63000000-0000-4000-8000-000000000001',
          p_group_id: IDS.pub,
          p_author_id: h.memberId,
          p_file_name: 'x.jpg',
          p_width: 1,
          p_height: 1,
          p_photo_type: 'DIGITAL',
          p_description: null,
          p_camera_make: null,
          p_camera_model: null,
          p_category_ids: [],
          p_thumbhash: null,
        });
        expect(direct.error?.code).toBe('42501');
        // The backfill's RPC too: a client could otherwise paint any post's placeholder.
        const backfill = await h.member.rpc('post_set_thumbhash', {
          p_id: '63000000-0000-4000-8000-000000000001',
          p_thumbhash: 'AAAA',
        });
        expect(backfill.error?.code).toBe('42501');
        const check = await h.anon.rpc('post_create_check', {
          p_author_id: h.memberId,
          p_group_id: IDS.priv,
          p_category_ids: [],
        });
        expect(check.error?.code).toBe('42501');
        expect(await storedCounts(h)).toEqual(before);
      });
    });
  });
}
