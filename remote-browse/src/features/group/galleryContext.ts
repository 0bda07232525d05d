import type { GalleryPost } from '../browse-data/types.ts';

/** What the group page hands its nested post route (react-router outlet context) for prev/next in the modal. */
export interface GalleryOutletContext {
  groupId: string;
  /** The photos shown, in gallery order (newest first, filter applied). */
  posts: readonly GalleryPost[];
  hasMore: boolean;
  loadMore: () => void;
}
