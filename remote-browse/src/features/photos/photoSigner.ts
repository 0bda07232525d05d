import {
  PHOTO_WIDTH_STEPS,
  SIGN_PHOTOS_FUNCTION,
  SIGN_PHOTOS_LIMITS,
  signPhotosResponseSchema,
  signedPhotoUrl,
  type SignPhotosRequest,
} from '@snapshire/contracts';
import { photoRenditions, type PhotoRef } from './signedPhotoUrl.ts';
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
}

/**
 * Signs photos in batches through the sign-photos edge function: every photo asked for while a task runs
 * goes in one request per page of posts (SIGN_PHOTOS_LIMITS.MAX_POST_IDS), each at every width step, and
 * photos whose URLs are cached (local storage, 24 h) or already on their way are not asked for again.
 */
export class PhotoSigner {
  private readonly waiting = new Map<string, PhotoRef>();
  private client: SignPhotosClient | undefined;
  private scheduled = false;
  private readonly schedule: (send: () => void) => void;

  constructor(private readonly options: PhotoSignerOptions) {
    this.schedule = options.schedule ?? ((send) => setTimeout(send, 0));
  }

  /** Asks for signed URLs of these photos (at every width), in the next batch. */
  request(client: SignPhotosClient, photos: readonly PhotoRef[]): void {
    this.client = client;
    for (const photo of photos) {
      if (photo.meta_width > 0 && photo.meta_height > 0 && photo.file_name) this.waiting.set(photo.id, photo);
    }
    if (this.waiting.size > 0 && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.send());
    }
  }

  private send(): void {
    this.scheduled = false;
    const client = this.client;
    const photos = [...this.waiting.values()];
    this.waiting.clear();
    if (!client) return;
    const { cache } = this.options;
    const needed = photos.filter((photo) => cache.missing(photoRenditions(photo).map((r) => r.key)).length > 0);
    for (let i = 0; i < needed.length; i += SIGN_PHOTOS_LIMITS.MAX_POST_IDS) {
      const page = needed.slice(i, i + SIGN_PHOTOS_LIMITS.MAX_POST_IDS);
      const keys = page.flatMap((photo) => photoRenditions(photo).map((r) => r.key));
      void cache.resolveMany(keys, () => this.sign(client, page));
    }
  }

  /** One request for a page of photos; the URL of each rendition by its cache key. */
  private async sign(client: SignPhotosClient, photos: readonly PhotoRef[]): Promise<Map<string, string>> {
    const body: SignPhotosRequest = { postIds: photos.map((p) => p.id), widths: [...PHOTO_WIDTH_STEPS] };
    const { data, error } = await client.functions.invoke(SIGN_PHOTOS_FUNCTION, { body });
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const answer = signPhotosResponseSchema.parse(data);
    const projectUrl = this.options.projectUrl();
    const urls = new Map<string, string>();
    for (const photo of photos) {
      const signed = answer.photos[photo.id] ?? [];
      for (const rendition of photoRenditions(photo)) {
        const match = signed.find((s) => s.width === rendition.transform.width);
        if (match) urls.set(rendition.key, signedPhotoUrl(projectUrl, match.signedPath));
      }
    }
    return urls;
  }
}
