import type { GalleryPost } from '../data/types.ts';

/** What the group page hands its nested post route (react-router outlet context) for prev/next in the modal. */
export interface GalleryOutletContext {
  groupId: string;
  /** The photos shown, in gallery order (newest first, filter applied). */
  posts: readonly GalleryPost[];
  hasMore: boolean;
  /** How many photos the gallery holds in all (loaded or not), or undefined when unknown (category filter). */
  totalCount: number | undefined;
  loadMore: () => void;
}
