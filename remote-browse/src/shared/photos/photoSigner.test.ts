import { describe, expect, it, vi } from 'vitest';
import {
  PHOTO_WIDTH_STEPS,
  SIGN_PHOTOS_FUNCTION,
  SIGN_PHOTOS_LIMITS,
  type SignPhotosRequest,
} from '@snapshire/contracts';
import { signedPhotosIn } from '@snapshire/data/signed-photos';
import { PhotoSigner, type SignPhotosClient } from './photoSigner.ts';
import { renditionFor, type PhotoRef } from './renditions.ts';
import { SignedUrlCache, type KeyValueStorage } from './signedUrlCache.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const photo = (n: number, width = 4000, height = 3000): PhotoRef => ({
  id: id(n),
  file_name: `f${n}.jpg`,
  meta_width: width,
  meta_height: height,
});
const photos = (from: number, count: number) => Array.from({ length: count }, (_, i) => photo(from + i));

function memoryStorage(): KeyValueStorage & { data: Record<string, string> } {
  const data: Record<string, string> = {};
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

/** A sign-photos stand-in that answers like the function: each visible post at each of its widths. */
function fakeFunction(options: { hidden?: string[]; fail?: boolean } = {}) {
  const bodies: SignPhotosRequest[] = [];
  const invoke = vi.fn(async (name: string, { body }: { body: SignPhotosRequest }) => {
    expect(name).toBe(SIGN_PHOTOS_FUNCTION);
    bodies.push(body);
    if (options.fail) return { data: null, error: new Error('Edge Function returned a non-2xx status code') };
    const answer: Record<string, { width: number; height: number; signedPath: string }[]> = {};
    for (const postId of body.postIds) {
      if (options.hidden?.includes(postId)) continue;
      answer[postId] = (body.widthsByPost?.[postId] ?? body.widths).map((w) => ({
        width: w,
        height: Math.round((w * 3) / 4),
        signedPath: `/render/image/sign/photography/posts/${postId}/x.jpg?token=${w}`,
      }));
    }
    return { data: { expiresIn: 86_400, photos: answer }, error: null };
  });
  const client: SignPhotosClient = { functions: { invoke } };
  return { client, invoke, bodies };
}

function setup(takeEarlyAnswer?: () => Promise<unknown> | undefined) {
  const storage = memoryStorage();
  const cache = new SignedUrlCache({
    storageKey: 'post-store',
    storage: () => storage,
    log: () => {},
    schedule: (w) => w(),
  });
  const sends: Array<() => void> = [];
  const signer = new PhotoSigner({
    cache,
    projectUrl: () => 'http://project.test',
    schedule: (send) => sends.push(send),
    takeEarlyAnswer: takeEarlyAnswer ?? (() => undefined),
    signedPhotosIn,
  });
  /** Ends the "task": sends what was collected, and waits for the answers. */
  const flush = async () => {
    while (sends.length) sends.shift()!();
    await vi.waitFor(() =>
      expect(
        Object.values(JSON.parse(storage.data['post-store'] ?? '{"signedUrls":{}}').signedUrls).some(
          (e) => (e as { loading: boolean }).loading,
        ),
      ).toBe(false),
    );
  };
  return { cache, signer, flush, storage };
}

describe('PhotoSigner', () => {
  it('signs everything asked for in one task in one request: a page of tiles and the page hook together', async () => {
    const { cache, signer, flush } = setup();
    const fn = fakeFunction();
    const page = photos(1, SIGN_PHOTOS_LIMITS.MAX_POST_IDS);
    for (const p of page.slice(0, 6)) signer.request(fn.client, [p], [480]); // the tiles on screen
    signer.request(fn.client, page, [480]); // the page
    await flush();
    expect(fn.invoke).toHaveBeenCalledTimes(1);
    expect(fn.bodies[0]).toEqual({ postIds: page.map((p) => p.id), widths: [480] });
    const r = renditionFor(page[0]!, 480);
    expect(cache.reusableUrl(r.key)).toBe(
      `http://project.test/storage/v1/render/image/sign/photography/posts/${page[0]!.id}/x.jpg?token=480`,
    );
  });

  it('asks only for photos not yet signed: the next page is one more request, the first page is not asked again', async () => {
    const { signer, flush } = setup();
    const fn = fakeFunction();
    signer.request(fn.client, photos(1, 30), [480]);
    await flush();
    signer.request(fn.client, photos(1, 60), [480]); // the list after the second page arrived
    await flush();
    signer.request(fn.client, photos(1, 60), [480]); // a re-render
    await flush();
    expect(fn.invoke).toHaveBeenCalledTimes(2);
    expect(fn.bodies[1]!.postIds).toEqual(photos(31, 30).map((p) => p.id));
  });

  it('asks each photo only at the steps its tiles want (one signature per tile), and again for a step not signed yet', async () => {
    const { signer, flush } = setup();
    const fn = fakeFunction();
    signer.request(fn.client, photos(1, 3), [480]);
    signer.request(fn.client, [photo(1)], [800]); // a wider tile (a short day's row)
    await flush();
    // Photo 1 wants every step named, so it needs no entry of its own.
    expect(fn.bodies).toEqual([
      { postIds: photos(1, 3).map((p) => p.id), widths: [480, 800], widthsByPost: { [id(2)]: [480], [id(3)]: [480] } },
    ]);
    signer.request(fn.client, [photo(1)], [800]); // signed at 800 already
    signer.request(fn.client, [photo(2)], [480]);
    await flush();
    expect(fn.invoke).toHaveBeenCalledTimes(1);
    signer.request(fn.client, [photo(2)], [1230]); // the post view on a large screen
    await flush();
    expect(fn.bodies[1]).toEqual({ postIds: [id(2)], widths: [1230] });
  });

  it('signs only the steps still wanted when the batch goes: a tile laid out again at another width withdraws its first ask', async () => {
    const { signer, flush } = setup();
    const fn = fakeFunction();
    // First layout (before the scrollbar took its width): the tile at 1000, the page at 1000.
    const tileAsk = signer.request(fn.client, [photo(1)], [1000]);
    const pageAsk = signer.request(fn.client, photos(1, 2), [1000]);
    // Laid out again in the same task at 800: the earlier asks are withdrawn, the new ones made.
    tileAsk();
    pageAsk();
    signer.request(fn.client, [photo(1)], [800]);
    signer.request(fn.client, photos(1, 2), [800]);
    // Another asker of the same step keeps it: withdrawing one ask leaves the other's.
    signer.request(fn.client, [photo(3)], [480]);
    const twice = signer.request(fn.client, [photo(3)], [480]);
    twice();
    await flush();
    expect(fn.bodies).toEqual([
      {
        postIds: [id(1), id(2), id(3)],
        widths: [480, 800],
        widthsByPost: { [id(1)]: [800], [id(2)]: [800], [id(3)]: [480] },
      },
    ]);
    tileAsk(); // withdrawing after the batch went changes nothing
    expect(fn.invoke).toHaveBeenCalledTimes(1);
  });

  it('never puts more than a page of posts in one request', async () => {
    const { signer, flush } = setup();
    const fn = fakeFunction();
    signer.request(fn.client, photos(1, 70), [480]);
    await flush();
    expect(fn.bodies.map((b) => b.postIds.length)).toEqual([30, 30, 10]);
  });

  it('never asks for more widths than the function takes: photos wanting other steps go in a request of their own', async () => {
    const { cache, signer, flush } = setup();
    const fn = fakeFunction();
    // More distinct widths in one task than one request may name (the function takes every step: this asks
    // for one more than that).
    const steps = [...PHOTO_WIDTH_STEPS, 1100];
    expect(steps.length).toBeGreaterThan(SIGN_PHOTOS_LIMITS.MAX_WIDTHS);
    steps.forEach((step, i) => signer.request(fn.client, [photo(i + 1)], [step]));
    await flush();
    for (const body of fn.bodies) expect(body.widths.length).toBeLessThanOrEqual(SIGN_PHOTOS_LIMITS.MAX_WIDTHS);
    expect(fn.invoke).toHaveBeenCalledTimes(2);
    PHOTO_WIDTH_STEPS.forEach((step, i) =>
      expect(cache.reusableUrl(renditionFor(photo(i + 1), step).key)).toBeDefined(),
    );
  });

  it('reuses URLs kept in local storage by an earlier visit: no request', async () => {
    const first = setup();
    const fn = fakeFunction();
    first.signer.request(fn.client, photos(1, 5), [480]);
    await first.flush();
    first.cache.flush();
    const again = new SignedUrlCache({
      storageKey: 'post-store',
      storage: () => first.storage,
      log: () => {},
      schedule: (w) => w(),
    });
    const signer = new PhotoSigner({
      cache: again,
      projectUrl: () => 'http://project.test',
      schedule: (send) => send(),
      signedPhotosIn,
    });
    signer.request(fn.client, photos(1, 5), [480]);
    expect(fn.invoke).toHaveBeenCalledTimes(1);
  });

  it('records a post the caller may not see, and a failed request, as failed; asked again later', async () => {
    const { cache, signer, flush } = setup();
    const hidden = fakeFunction({ hidden: [id(2)] });
    signer.request(hidden.client, photos(1, 2), [480]);
    await flush();
    expect(cache.reusableUrl(renditionFor(photo(1), 480).key)).toBeDefined();
    expect(cache.get(renditionFor(photo(2), 480).key)?.error).toBe('Failed to fetch signed URL');

    const down = fakeFunction({ fail: true });
    signer.request(down.client, [photo(3)], [480]);
    await flush();
    expect(cache.get(renditionFor(photo(3), 480).key)?.error).toBe('Failed to fetch signed URL');
    const up = fakeFunction();
    signer.request(up.client, [photo(3)], [480]);
    await flush();
    expect(up.bodies[0]!.postIds).toEqual([id(3)]);
    expect(cache.reusableUrl(renditionFor(photo(3), 480).key)).toBeDefined();
  });

  it('takes nothing from an answer that is not a sign-photos answer: the photo fails as when the function does', async () => {
    const { cache, signer, flush } = setup();
    const invoke = vi.fn(async () => ({ data: { expiresIn: 86_400, photos: { [id(4)]: [{ width: 480 }] } }, error: null }));
    signer.request({ functions: { invoke } }, [photo(4)], [480]);
    await flush();
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(cache.get(renditionFor(photo(4), 480).key)?.error).toBe('Failed to fetch signed URL');
    expect(cache.reusableUrl(renditionFor(photo(4), 480).key)).toBeUndefined();
  });

  describe("the page's first script's answer (screens/GroupPage/firstPhotos.ts)", () => {
    it('takes the photos the first script signed instead of asking for them again', async () => {
      const early = fakeFunction();
      const page = photos(1, 30);
      const answer = await early.client.functions.invoke(SIGN_PHOTOS_FUNCTION, {
        body: { postIds: page.map((p) => p.id), widths: [400] },
      });
      const take = vi.fn(() => Promise.resolve(answer.data));
      const { cache, signer, flush } = setup(take);
      const fn = fakeFunction();
      signer.request(fn.client, page, [400]);
      await flush();
      expect(fn.invoke).not.toHaveBeenCalled();
      expect(cache.reusableUrl(renditionFor(page[0]!, 400).key)).toBe(
        `http://project.test/storage/v1/render/image/sign/photography/posts/${page[0]!.id}/x.jpg?token=400`,
      );
      // Taken once: the next page is asked for as usual.
      signer.request(fn.client, photos(31, 30), [400]);
      await flush();
      expect(take).toHaveBeenCalledTimes(1);
      expect(fn.bodies).toEqual([{ postIds: photos(31, 30).map((p) => p.id), widths: [400] }]);
    });

    it('asks only for what the answer lacks: another size, a post it left out; and asks for all when it failed', async () => {
      const early = fakeFunction({ hidden: [id(3)] });
      const answer = await early.client.functions.invoke(SIGN_PHOTOS_FUNCTION, {
        body: { postIds: photos(1, 3).map((p) => p.id), widths: [400] },
      });
      const { signer, flush } = setup(() => Promise.resolve(answer.data));
      const fn = fakeFunction();
      signer.request(fn.client, photos(1, 2), [400]);
      signer.request(fn.client, [photo(2)], [800]);
      signer.request(fn.client, [photo(3)], [400]);
      await flush();
      expect(fn.bodies).toEqual([
        { postIds: [id(2), id(3)], widths: [400, 800], widthsByPost: { [id(2)]: [800], [id(3)]: [400] } },
      ]);

      const failed = setup(() => Promise.resolve(null));
      const again = fakeFunction();
      failed.signer.request(again.client, photos(1, 2), [400]);
      await failed.flush();
      expect(again.bodies).toEqual([{ postIds: photos(1, 2).map((p) => p.id), widths: [400] }]);
    });
  });
});
