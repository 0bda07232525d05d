/**
 * How often one request to an edge function has the caller's token verified, counted where tokens are
 * verified (the embedded backend's verifyProjectJwt, behind auth, GraphQL, REST and storage alike): an upload
 * asks the auth server once (_shared/platform.ts keeps the answer for the request) and then works with the
 * service role; the functions that act as the caller add the API's own check of that call, nothing more.
 */
import {
  DELETE_POST_FUNCTION,
  SIGN_PHOTOS_FUNCTION,
  signPhotosResponseSchema,
  type DeletionResponse,
} from '@snapshire/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Keys from '../../../packages/backend/src/config/keys.ts';
import {
  IDS,
  invoke,
  postForm,
  startHarness,
  type Harness,
} from '../../../packages/backend/testing/functions-harness.ts';
import { jpeg } from '../../../packages/backend/testing/upload-photos.ts';

const verified = vi.hoisted(() => [] as string[]);
vi.mock('../../../packages/backend/src/config/keys.ts', async (importOriginal) => {
  const keys = await importOriginal<typeof Keys>();
  return {
    ...keys,
    verifyProjectJwt: (token: string, secret: string) => {
      verified.push(token);
      return keys.verifyProjectJwt(token, secret);
    },
  };
});

describe("the caller's token is verified once per request", () => {
  let h: Harness;
  let postId: string;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Runs `request` and answers it with how many times the member's token was verified meanwhile. */
  async function counting<T>(request: () => Promise<T>): Promise<{ answer: T; verifications: number }> {
    verified.length = 0;
    const answer = await request();
    return { answer, verifications: verified.filter((token) => token === h.memberToken).length };
  }

  const call = (name: string, body: unknown) =>
    fetch(`${h.backend.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: {
        apikey: h.backend.anonKey,
        authorization: `Bearer ${h.memberToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));

  it('handle-post-create: once (auth.getUser), then only the service role', async () => {
    const bytes = await jpeg(320, 240);
    const { answer, verifications } = await counting(() =>
      invoke(
        h.member,
        postForm({ file: { bytes, name: 'a.jpg', type: 'image/jpeg' }, groupId: IDS.pub, photoType: 'DIGITAL' }),
      ),
    );
    expect(answer.status).toBe(201);
    postId = answer.body.post!.id;
    expect(verifications).toBe(1);
  });

  it('sign-photos: once, by the GraphQL API the posts are read through as the caller', async () => {
    const { answer, verifications } = await counting(() =>
      call(SIGN_PHOTOS_FUNCTION, { postIds: [postId], widths: [320] }),
    );
    expect(answer.status).toBe(200);
    expect(Object.keys(signPhotosResponseSchema.parse(answer.body).photos)).toEqual([postId]);
    expect(verifications).toBe(1);
  });

  it('delete-post: once by the function (auth.getUser), once by the GraphQL API that runs the rule as the caller', async () => {
    const { answer, verifications } = await counting(() => call(DELETE_POST_FUNCTION, { postId }));
    expect(answer.status).toBe(200);
    expect((answer.body as DeletionResponse).deleted).toBe(true);
    expect(verifications).toBe(2);
  });
});
