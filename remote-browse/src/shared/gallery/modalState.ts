/**
 * Router state of a post opened from the gallery: the post route then shows a modal over the group page.
 * A direct load (or a shared link) has no such state and shows the post as a plain page. The host reads the
 * same state (its fallback for this screen is drawn in a dialog), so it is defined in packages/contracts.
 */
export { POST_MODAL_STATE, isPostModalState, type PostModalState } from '@snapshire/contracts';
