/**
 * Router state of a post opened from the gallery: the post route then shows a modal over the group page.
 * A direct load (or a shared link) has no such state and shows the post as a plain page.
 */
export interface PostModalState {
  modal: true;
}

export const POST_MODAL_STATE: PostModalState = { modal: true };

export function isPostModalState(state: unknown): state is PostModalState {
  return typeof state === 'object' && state !== null && (state as Partial<PostModalState>).modal === true;
}
