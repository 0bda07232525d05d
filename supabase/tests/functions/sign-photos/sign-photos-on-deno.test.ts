/**
 * sign-photos run by Deno itself (deno-serve.ts), as on Supabase's Edge Runtime, against a running embedded
 * backend: a member gets the private photo, an outsider does not, and a bad request is refused.
 */
import { randomUUID } from 'node:crypto';
import {
  SIGN_PHOTOS_MESSAGES,
  functionErrorResponseSchema,
  signPhotosResponseSchema,
  signedPhotoUrl,
} from '@snapshire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWithDeno, type DenoFunction } from '../../../../packages/backend/testing/deno-serve.ts';
import {
  IDS,
  invoke,
  postForm,
  startHarness,
  type Harness,
} from '../../../../packages/backend/testing/functions-harness.ts';
import { jpeg } from '../../../../packages/backend/testing/upload-photos.ts';

let h: Harness;
let deno: DenoFunction;
let privatePost: string;

beforeAll(async () => {
  h = await startHarness();
  const bytes = await jpeg(640, 480);
  const created = await invoke(
    h.member,
    postForm({ file: { bytes, name: 'p.jpg', type: 'image/jpeg' }, groupId: IDS.priv, photoType: 'DIGITAL' }),
  );
  privatePost = created.body.post!.id;
  deno = await serveWithDeno('sign-photos', h.backend);
}, 120_000);

afterAll(async () => {
  await deno?.stop();
  await h?.stop();
});

async function send(body: unknown, token: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(deno.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: h.backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

describe('sign-photos under Deno with FFI denied', () => {
  it('signs the private photo for a member (loadable), and nothing for an outsider', async () => {
    const { data: session } = await h.outsider.auth.getSession();
    const member = await send({ postIds: [privatePost], widths: [320, 1230] }, h.memberToken);
    expect(member.status, JSON.stringify(member.json) + deno.output().slice(-1000)).toBe(200);
    const renditions = signPhotosResponseSchema.parse(member.json).photos[privatePost]!;
    expect(renditions.map((r) => r.width)).toEqual([320, 640]);
    expect((await fetch(signedPhotoUrl(h.backend.url, renditions[0]!.signedPath))).status).toBe(200);

    const outsider = await send({ postIds: [privatePost, randomUUID()], widths: [320] }, session.session!.access_token);
    expect(signPhotosResponseSchema.parse(outsider.json).photos).toEqual({});
  });

  it('refuses a bad request in the product’s words', async () => {
    const answer = await send({ postIds: ['../../x'], widths: [320] }, h.memberToken);
    expect(answer.status).toBe(400);
    expect(functionErrorResponseSchema.parse(answer.json).error).toBe(SIGN_PHOTOS_MESSAGES.POST_IDS);
  });
});
