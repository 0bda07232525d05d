/**
 * The group page's first photos, planned before the page's code has arrived. This remote's build publishes
 * this plan beside its manifest (firstPhotosModule.ts, ScreenQuery.firstPhotos in @snapshire/contracts); the
 * host's first script calls it with the answer to the page's first query (GroupById), signs what it asks for
 * in one sign-photos request and starts the first row's downloads at once. It lays the photos out with the
 * gallery's own functions (postsByDay, layoutDay, widthStepFor), so it asks for exactly the sizes the
 * tiles will: the screen's photo signer takes the answer instead of asking again (photoSigner.ts), and each
 * tile's image finds its photo already downloaded or on its way.
 *
 * Bundled on its own (a few kilobytes, no React): it must not import anything that draws or holds state.
 */
import {
  SIGNED_URL_STORE_KEY,
  columnCountForWidth,
  SIGN_PHOTOS_FUNCTION,
  signedPhotoUrl,
  type FirstPhotosModule,
  type FirstPhotosPage,
  type FirstPhotosPlan,
  type SignPhotosRequest,
} from '@snapshire/contracts';
import type { GroupByIdQuery } from '../../shared/data/types.ts';
import { pageContentWidth } from '../../shared/layout/pageGeometry.ts';
import { renditionFor, widthStepFor, type PhotoRef, type PhotoRendition } from '../../shared/photos/renditions.ts';
import { isReusable, parseStoredEntries } from '../../shared/photos/signedUrlCache.ts';
import { postsByDay, type DayPosts } from './groupPostsByDay.ts';
import { dayShowsAsRow, inFirstRow, layoutDay, type MasonryBox } from './masonry.ts';

type Post = PhotoRef & { created_at: string };

/** A photo of the first page as the gallery will show it: its width step on this screen, and whether it is in the first row. */
export interface PlannedPhoto {
  post: Post;
  step: number;
  firstRow: boolean;
}

/** One day of the first page as the gallery lays it out: its photos' boxes and its height. */
export interface LaidOutDay<T> extends DayPosts<T> {
  boxes: MasonryBox[];
  height: number;
  asRow: boolean;
}

/**
 * The first page's days as the gallery lays them out on a viewport `viewportWidth` wide: each day as a row or
 * as columns, at the page column's width (what the gallery measures once drawn).
 */
export function laidOutDays<T extends Post>(
  posts: readonly T[],
  hasMore: boolean,
  viewportWidth: number,
): { columns: number; days: LaidOutDay<T>[] } {
  const columns = columnCountForWidth(viewportWidth);
  const width = pageContentWidth(viewportWidth);
  const days = postsByDay(posts);
  return {
    columns,
    days: days.map((day, dayIndex) => {
      const asRow = dayShowsAsRow(day.posts.length, columns, hasMore && dayIndex === days.length - 1);
      return { ...day, ...layoutDay(day.posts, columns, width, asRow), asRow };
    }),
  };
}

/**
 * The first page's photos as the gallery lays them out (laidOutDays) with the width step of each on this
 * screen. Photos without a stored size or file are left out, as the signer leaves them out.
 */
export function plannedPhotos(
  posts: readonly Post[],
  hasMore: boolean,
  viewportWidth: number,
  devicePixelRatio: number,
): PlannedPhoto[] {
  const { columns, days } = laidOutDays(posts, hasMore, viewportWidth);
  return days.flatMap((day, dayIndex) =>
    day.posts.flatMap((post, index) =>
      post.meta_width > 0 && post.meta_height > 0 && post.file_name
        ? [
            {
              post,
              step: widthStepFor(day.boxes[index]!.width, devicePixelRatio),
              firstRow: inFirstRow(dayIndex, index, columns),
            },
          ]
        : [],
    ),
  );
}

/** The sign-photos request for photos not yet cached, as the photo signer would send it (one step each). */
export function signRequestFor(photos: readonly PlannedPhoto[]): SignPhotosRequest | undefined {
  if (photos.length === 0) return undefined;
  const widths = [...new Set(photos.map((photo) => photo.step))].sort((a, b) => a - b);
  return {
    postIds: photos.map((photo) => photo.post.id),
    widths,
    ...(widths.length > 1 && {
      widthsByPost: Object.fromEntries(photos.map((photo) => [photo.post.id, [photo.step]])),
    }),
  };
}

/** Signed URLs the screen keeps from earlier visits (its cache in local storage), as of now. */
export interface StoredSignedUrls {
  entries: ReturnType<typeof parseStoredEntries>;
  now: number;
}

export function storedSignedUrls(page: FirstPhotosPage): StoredSignedUrls {
  return {
    entries: parseStoredEntries(page.storage?.getItem(SIGNED_URL_STORE_KEY) ?? null, () => undefined),
    now: Date.now(),
  };
}

/**
 * Where one size of a photo can be had now: the URL signed on an earlier visit while it is still good, else the
 * one in a sign-photos answer (`answer`, undefined before it has come), else nowhere yet.
 */
export function renditionUrl(
  postId: string,
  rendition: PhotoRendition,
  answer: unknown,
  stored: StoredSignedUrls,
  supabaseUrl: string,
): string | undefined {
  const entry = stored.entries[rendition.key];
  if (isReusable(entry, stored.now)) return entry.signedUrl;
  const answered = (answer as { photos?: Record<string, unknown> } | null | undefined)?.photos?.[postId];
  if (!Array.isArray(answered)) return undefined;
  const match = (answered as { width?: unknown; signedPath?: unknown }[]).find(
    (signed) => signed.width === rendition.transform.width,
  );
  return typeof match?.signedPath === 'string' ? signedPhotoUrl(supabaseUrl, match.signedPath) : undefined;
}

export const planFirstPhotos: FirstPhotosModule['planFirstPhotos'] = (result, page: FirstPhotosPage) => {
  const group = (result as { data?: GroupByIdQuery } | null)?.data?.groupCollection?.edges[0]?.node;
  const connection = group?.postCollection;
  if (!connection) return null;
  const posts = connection.edges.map((edge) => edge.node);
  const planned = plannedPhotos(posts, connection.pageInfo.hasNextPage, page.viewportWidth, page.devicePixelRatio);
  if (planned.length === 0) return null;
  // URLs the screen signed on an earlier visit are used again.
  const stored = storedSignedUrls(page);
  const urlOf = (photo: PlannedPhoto, answer?: unknown) =>
    renditionUrl(photo.post.id, renditionFor(photo.post, photo.step), answer, stored, page.supabaseUrl);
  const body = signRequestFor(planned.filter((photo) => !urlOf(photo)));
  const plan: FirstPhotosPlan = {
    urlsToFetch: (response) =>
      planned.filter((photo) => photo.firstRow).flatMap((photo) => urlOf(photo, response) ?? []),
  };
  if (body) plan.signRequest = { functionName: SIGN_PHOTOS_FUNCTION, body };
  return plan;
};
