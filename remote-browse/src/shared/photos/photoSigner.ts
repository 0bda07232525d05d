import {
  SIGN_PHOTOS_FUNCTION,
  SIGN_PHOTOS_LIMITS,
  signedPhotoUrl,
  type SignPhotosRequest,
  type SignPhotosResponse,
} from '@snapshire/contracts';
import { takeEarlySignedPhotos } from './earlySignedPhotos.ts';
import { photoRenditions, renditionFor, type PhotoRef } from './renditions.ts';
import type { SignedUrlCache } from './signedUrlCache.ts';

/** The part of the Supabase client this needs (the shared client from @snapshire/data fits). */
export interface SignPhotosClient {
  functions: {
    invoke(name: string, options: { body: SignPhotosRequest }): Promise<{ data: unknown; error: unknown }>;
  };
}

export interface PhotoSignerOptions {
  cache: SignedUrlCache;
  /** The project URL the signed paths are under (the runtime config's supabaseUrl). */
  projectUrl: () => string;
  /**
   * When the collected photos are sent. The default waits for the current task to end, so every photo a
   * render asked for (a page's tiles, a page hook) goes in one request.
   */
  schedule?: (send: () => void) => void;
  /**
   * The answer the page's first script got for the screen's first photos, taken by the first request
   * (default takeEarlySignedPhotos): the photos it holds at the asked sizes are not asked for again.
   */
  takeEarlyAnswer?: () => Promise<unknown> | undefined;
  /**
   * The photos of a sign-photos answer, checked against its contract (SignPhotosResponse); null when it is not
   * one. This remote's signer takes @snapshire/data's (useSignedPhoto.ts), which checks with the page's one zod.
   */
  signedPhotosIn(answer: unknown): SignedPhotos | null | Promise<SignedPhotos | null>;
}

type SignedPhotos = SignPhotosResponse['photos'];

/**
 * Signs photos in batches through the sign-photos edge function: every photo asked for while a task runs
 * goes in one request per page of posts (SIGN_PHOTOS_LIMITS.MAX_POST_IDS), each photo at the width steps its
 * tiles asked for (widthsByPost: a page whose tiles want four different steps would otherwise cost the
 * server four signatures a photo, on the first screen's critical path), and photos whose URLs are cached
 * (local storage, 24 h) or on their way are not asked again.
 */
export class PhotoSigner {
  /** The photos to sign in the next batch, each with its steps and how many asks want each step. */
  private readonly waiting = new Map<string, { photo: PhotoRef; asks: Map<number, number> }>();
  private client: SignPhotosClient | undefined;
  private scheduled = false;
  private readonly schedule: (send: () => void) => void;
  private earlyAnswer: (() => Promise<unknown> | undefined) | undefined;

  constructor(private readonly options: PhotoSignerOptions) {
    this.schedule = options.schedule ?? ((send) => setTimeout(send, 0));
    this.earlyAnswer = options.takeEarlyAnswer ?? takeEarlySignedPhotos;
  }

  /**
   * Asks for signed URLs of these photos at these width steps (PHOTO_WIDTH_STEPS), in the next batch. Returns
   * the withdrawal of this ask: a layout redone at another width before the batch goes (an effect's cleanup)
   * takes its first steps back, so the batch signs only what is still shown; once sent, it changes nothing.
   */
  request(client: SignPhotosClient, photos: readonly PhotoRef[], steps: readonly number[]): () => void {
    this.client = client;
    const asked: { entry: { asks: Map<number, number> }; step: number }[] = [];
    for (const photo of photos) {
      if (!(photo.meta_width > 0 && photo.meta_height > 0 && photo.file_name)) continue;
      const entry = this.waiting.get(photo.id) ?? { photo, asks: new Map<number, number>() };
      for (const step of new Set(steps)) {
        entry.asks.set(step, (entry.asks.get(step) ?? 0) + 1);
        asked.push({ entry, step });
      }
      this.waiting.set(photo.id, entry);
    }
    if (this.waiting.size > 0 && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.send());
    }
    let withdrawn = false;
    return () => {
      if (withdrawn) return;
      withdrawn = true;
      // After a send the entries are no longer waiting: nothing to take back.
      for (const { entry, step } of asked) {
        const count = entry.asks.get(step) ?? 0;
        if (count <= 1) entry.asks.delete(step);
        else entry.asks.set(step, count - 1);
      }
    };
  }

  private send(): void {
    this.scheduled = false;
    const client = this.client;
    const waiting = [...this.waiting.values()]
      .map(({ photo, asks }) => ({ photo, steps: new Set(asks.keys()) }))
      .filter((entry) => entry.steps.size > 0);
    // Sent entries get fresh maps from here on, so a late withdrawal touches nothing that is waiting.
    this.waiting.clear();
    if (!client) return;
    const { cache } = this.options;
    const keysOf = ({ photo, steps }: { photo: PhotoRef; steps: Set<number> }) => [
      ...new Set([...steps].map((step) => renditionFor(photo, step).key)),
    ];
    const needed = waiting.filter((entry) => cache.missing(keysOf(entry)).length > 0);
    for (const page of requestsWithinLimits(needed)) {
      const steps = [...new Set(page.flatMap((entry) => [...entry.steps]))].sort((a, b) => a - b);
      const keys = page.flatMap((entry) => keysOf(entry));
      // Each photo at its own steps only: a photo that wants every step named needs no entry.
      const own = page.filter((entry) => entry.steps.size < steps.length);
      const widthsByPost = own.length
        ? Object.fromEntries(own.map((entry) => [entry.photo.id, [...entry.steps].sort((a, b) => a - b)]))
        : undefined;
      void cache.resolveMany(keys, () =>
        this.sign(
          client,
          page.map((entry) => entry.photo),
          steps,
          widthsByPost,
        ),
      );
    }
  }

  /** One request for a page of photos (none for those the first script signed); the URL of each rendition by its cache key. */
  private async sign(
    client: SignPhotosClient,
    photos: readonly PhotoRef[],
    steps: number[],
    widthsByPost: Record<string, number[]> | undefined,
  ): Promise<Map<string, string>> {
    const signed = await this.takeEarlyPhotos();
    // Each photo at the steps it was asked for that the first script's answer does not hold.
    const missing = (photo: PhotoRef) =>
      (widthsByPost?.[photo.id] ?? steps).filter(
        (step) => !signed[photo.id]?.some((s) => s.width === renditionFor(photo, step).transform.width),
      );
    const rest = photos.map((photo) => ({ photo, steps: missing(photo) })).filter((entry) => entry.steps.length > 0);
    if (rest.length > 0) {
      const restSteps = [...new Set(rest.flatMap((entry) => entry.steps))].sort((a, b) => a - b);
      const own = rest.filter((entry) => entry.steps.length < restSteps.length);
      const body: SignPhotosRequest = {
        postIds: rest.map((entry) => entry.photo.id),
        widths: restSteps,
        ...(own.length > 0 && {
          widthsByPost: Object.fromEntries(own.map((entry) => [entry.photo.id, entry.steps])),
        }),
      };
      const { data, error } = await client.functions.invoke(SIGN_PHOTOS_FUNCTION, { body });
      if (error) throw error instanceof Error ? error : new Error(String(error));
      const answer = await this.options.signedPhotosIn(data);
      if (!answer) throw new Error('The sign-photos answer is not one (SignPhotosResponse)');
      for (const [postId, renditions] of Object.entries(answer)) signed[postId] = [...(signed[postId] ?? []), ...renditions];
    }
    const projectUrl = this.options.projectUrl();
    const urls = new Map<string, string>();
    for (const photo of photos) {
      const renditions = signed[photo.id] ?? [];
      for (const rendition of photoRenditions(photo)) {
        const match = renditions.find((s) => s.width === rendition.transform.width);
        if (match) urls.set(rendition.key, signedPhotoUrl(projectUrl, match.signedPath));
      }
    }
    return urls;
  }

  /** The photos the page's first script signed (first request only; none when it signed none or failed). */
  private async takeEarlyPhotos(): Promise<SignedPhotos> {
    const early = this.earlyAnswer?.();
    this.earlyAnswer = undefined;
    if (!early) return {};
    const answer = await this.options.signedPhotosIn(await early.catch(() => null));
    return answer ? { ...answer } : {};
  }
}

/**
 * Packs the photos to sign into as few requests as the function's limits allow: at most MAX_POST_IDS posts
 * and MAX_WIDTHS distinct width steps each, in the order they were asked for. A screen's tiles want a few
 * steps, so this is one request per page of posts.
 */
function requestsWithinLimits<T extends { steps: Set<number> }>(entries: readonly T[]): T[][] {
  const requests: T[][] = [];
  let current: T[] = [];
  let steps = new Set<number>();
  for (const entry of entries) {
    const union = new Set([...steps, ...entry.steps]);
    if (
      current.length > 0 &&
      (current.length >= SIGN_PHOTOS_LIMITS.MAX_POST_IDS || union.size > SIGN_PHOTOS_LIMITS.MAX_WIDTHS)
    ) {
      requests.push(current);
      current = [];
      steps = new Set(entry.steps);
    } else steps = union;
    current.push(entry);
  }
  if (current.length > 0) requests.push(current);
  return requests;
}
