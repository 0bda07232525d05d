/**
 * sign-photos mounted by the embedded backend: a page of posts signed in one request, as the caller sees
 * them (a private group's photos only for its members; to anyone else such a post is absent, exactly as one
 * that does not exist), every rendition loadable at its width, and every bad or oversized request refused
 * in the product's words. Defined once, run on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import {
  PHOTO_WIDTH_STEPS,
  SIGN_PHOTOS_FUNCTION,
  SIGN_PHOTOS_LIMITS,
  SIGN_PHOTOS_MESSAGES,
  functionErrorResponseSchema,
  signPhotosResponseSchema,
  signedPhotoUrl,
  type FunctionErrorResponse,
  type SignPhotosResponse,
} from '@snapshire/contracts';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from '../../../../packages/backend/src/config/keys.ts';
import {
  IDS,
  invoke,
  postForm,
  startHarness,
  type Harness,
} from '../../../../packages/backend/testing/functions-harness.ts';
import { jpeg } from '../../../../packages/backend/testing/upload-photos.ts';

type Signed = { status: number; body: SignPhotosResponse };
type Refused = { status: number; body: FunctionErrorResponse };

/** Calls sign-photos with supabase-js's functions.invoke, as the browse screens do. */
async function sign(client: SupabaseClient, body: unknown): Promise<Signed | Refused> {
  const { data, error, response } = await client.functions.invoke(SIGN_PHOTOS_FUNCTION, { body: body as object });
  if (error) {
    if (!(error instanceof FunctionsHttpError)) throw error;
    const res = error.context as Response;
    return { status: res.status, body: functionErrorResponseSchema.parse(await res.json()) };
  }
  return { status: response?.status ?? 0, body: signPhotosResponseSchema.parse(data) };
}

function signed(answer: Signed | Refused): SignPhotosResponse {
  if (answer.status !== 200) throw new Error(`refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer as Signed).body;
}

export function defineSignPhotosSuite(label: string, databaseUrl: () => Promise<string | undefined>): void {
  describe(`sign-photos on the embedded backend (${label})`, () => {
    let h: Harness;
    /** A 640x480 photo in the public group and a 1600x1200 one in the private group, both by the member. */
    let publicPost: string;
    let privatePost: string;
    const widths = [320, 480, 800, 1230];

    /** Plain fetch with any body and Authorization (oversized, unparseable, forged). */
    async function raw(body: string, authorization?: string, method = 'POST'): Promise<Refused> {
      const headers: Record<string, string> = { apikey: h.backend.anonKey, 'content-type': 'application/json' };
      if (authorization) headers.authorization = authorization;
      const res = await fetch(`${h.backend.url}/functions/v1/${SIGN_PHOTOS_FUNCTION}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : body,
      });
      return { status: res.status, body: functionErrorResponseSchema.parse(await res.json()) };
    }

    beforeAll(async () => {
      h = await startHarness({ databaseUrl: await databaseUrl() });
      const create = async (groupId: string, width: number, height: number) => {
        const bytes = await jpeg(width, height);
        const answer = await invoke(
          h.member,
          postForm({
            file: { bytes, name: 'p.jpg', type: 'image/jpeg' },
            groupId,
            photoType: 'DIGITAL',
            width,
            height,
          }),
        );
        if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
        return answer.body.post!.id;
      };
      publicPost = await create(IDS.pub, 640, 480);
      privatePost = await create(IDS.priv, 1600, 1200);
    });
    afterAll(async () => {
      await h?.stop();
    });

    it('signs a page for a member in one request: every width a photo has, narrowest first, each loadable at its size', async () => {
      const body = signed(await sign(h.member, { postIds: [publicPost, privatePost], widths }));
      expect(Object.keys(body.photos).sort()).toEqual([publicPost, privatePost].sort());
      // 640 wide: 800 and 1230 would be upscales, so its own width stands for both.
      expect(body.photos[publicPost]!.map((r) => [r.width, r.height])).toEqual([
        [320, 240],
        [480, 360],
        [640, 480],
      ]);
      expect(body.photos[privatePost]!.map((r) => r.width)).toEqual([320, 480, 800, 1230]);
      for (const rendition of [...body.photos[publicPost]!, ...body.photos[privatePost]!]) {
        const res = await fetch(signedPhotoUrl(h.backend.url, rendition.signedPath), {
          headers: { accept: 'image/jpeg' },
        });
        expect(res.status, rendition.signedPath).toBe(200);
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([rendition.width, rendition.height]);
      }
    });

    it('signs each post only at its own widths when the request names them (one signature per tile, not per tile and width)', async () => {
      const body = signed(
        await sign(h.member, {
          postIds: [publicPost, privatePost],
          widths: [320, 800],
          widthsByPost: { [publicPost]: [320], [privatePost]: [800] },
        }),
      );
      expect(body.photos[publicPost]!.map((r) => r.width)).toEqual([320]);
      expect(body.photos[privatePost]!.map((r) => r.width)).toEqual([800]);
      const refused = await sign(h.member, {
        postIds: [publicPost],
        widths: [320],
        widthsByPost: { [publicPost]: [800] },
      });
      expect([refused.status, (refused.body as FunctionErrorResponse).error]).toEqual([
        400,
        SIGN_PHOTOS_MESSAGES.WIDTHS_BY_POST,
      ]);
    });

    it('gives an outsider and a visitor the public photo only: the private post is absent, as a post that does not exist', async () => {
      const missing = randomUUID();
      for (const client of [h.outsider, h.anon]) {
        const body = signed(await sign(client, { postIds: [publicPost, privatePost, missing], widths: [320] }));
        expect(Object.keys(body.photos)).toEqual([publicPost]);
        expect(body.photos[publicPost]!.map((r) => r.width)).toEqual([320]);
      }
      // Asked alone, the private post and a nonexistent one get the same answer.
      const outsider = async (id: string) => signed(await sign(h.outsider, { postIds: [id], widths: [320] }));
      expect(await outsider(privatePost)).toEqual(await outsider(missing));
      expect(await outsider(privatePost)).toEqual({ expiresIn: 86_400, photos: {} });
    });

    it('refuses malformed requests with the reason, and signs nothing for a path sent instead of an id', async () => {
      const cases: [unknown, string][] = [
        [{ postIds: [], widths: [320] }, SIGN_PHOTOS_MESSAGES.POST_IDS],
        [
          { postIds: Array.from({ length: SIGN_PHOTOS_LIMITS.MAX_POST_IDS + 1 }, randomUUID), widths: [320] },
          SIGN_PHOTOS_MESSAGES.POST_IDS,
        ],
        [{ postIds: [`posts/${publicPost}/x.jpg`], widths: [320] }, SIGN_PHOTOS_MESSAGES.POST_IDS],
        [{ postIds: [publicPost], widths: [...PHOTO_WIDTH_STEPS, 1100] }, SIGN_PHOTOS_MESSAGES.WIDTHS],
        [{ postIds: [publicPost], widths: [4000] }, SIGN_PHOTOS_MESSAGES.WIDTHS],
        [{ postIds: [publicPost], widths: [320], paths: ['posts/a/b.jpg'] }, SIGN_PHOTOS_MESSAGES.BAD_REQUEST],
      ];
      for (const [body, message] of cases) {
        const answer = await sign(h.member, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect((answer.body as FunctionErrorResponse).error, JSON.stringify(body)).toBe(message);
      }
      const bearer = `Bearer ${h.backend.anonKey}`;
      expect(await raw('{"postIds": [', bearer)).toEqual({
        status: 400,
        body: { error: SIGN_PHOTOS_MESSAGES.NOT_JSON },
      });
      expect(await raw('x'.repeat(SIGN_PHOTOS_LIMITS.MAX_BODY_BYTES + 1), bearer)).toEqual({
        status: 413,
        body: { error: SIGN_PHOTOS_MESSAGES.TOO_LARGE },
      });
      expect(await raw('', bearer, 'GET')).toEqual({ status: 405, body: { error: SIGN_PHOTOS_MESSAGES.METHOD } });
    });

    it('refuses a missing, forged or expired token', async () => {
      const body = JSON.stringify({ postIds: [publicPost], widths: [320] });
      const forged = await new SignJWT({ role: 'authenticated', sub: h.memberId })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-32'));
      const expired = await new SignJWT({ role: 'authenticated', sub: h.memberId, aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
      const refused = { status: 401, body: { error: SIGN_PHOTOS_MESSAGES.SESSION_INVALID } };
      expect(await raw(body)).toEqual(refused);
      expect(await raw(body, `Bearer ${forged}`)).toEqual(refused);
      expect(await raw(body, `Bearer ${expired}`)).toEqual(refused);
    });

    it(`answers 429 past ${SIGN_PHOTOS_LIMITS.REQUESTS_PER_MINUTE} requests a minute from one caller, and serves others meanwhile`, async () => {
      // A caller of its own (the limit counts by the token's user), sending requests refused before any work.
      const token = await new SignJWT({ role: 'authenticated', sub: randomUUID(), aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_PHOTOS_LIMITS.REQUESTS_PER_MINUTE; i++)
        statuses.push((await raw('{}', `Bearer ${token}`)).status);
      expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(await raw('{}', `Bearer ${token}`)).toEqual({
        status: 429,
        body: { error: SIGN_PHOTOS_MESSAGES.RATE_LIMITED },
      });
      // The member's own budget is untouched.
      expect(signed(await sign(h.member, { postIds: [publicPost], widths: [320] })).photos[publicPost]).toHaveLength(1);
    });
  });
}
