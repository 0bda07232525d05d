import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { CloseButton, Dialog, IconButton, Portal, Text } from '@snapshire/shell-components';
import { useLocation, useNavigate } from 'react-router-dom';
import { BROWSE_TEXT, galleryPositionText, paths } from '@snapshire/contracts';
import type { GalleryOutletContext } from '../../shared/gallery/galleryContext.ts';
import { photoAlt } from '../../shared/photos/altText.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../shared/photos/icons.tsx';
import { PostDetail } from './PostDetail.tsx';
import { useSwipe, type Swipe } from './swipe.ts';

const NO_POSTS: GalleryOutletContext['posts'] = [];

/** The bar above the photo that holds the position ("3 of 12") and the close button. */
const MODAL_BAR_HEIGHT = 56;

/** Dialogs: the modal itself, and any opened over it. */
const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/** Where the arrow keys move a caret or a choice instead of the photo. */
const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="radiogroup"]';

/** When the modal shows one of the last few loaded photos, the next page is fetched ahead. */
const PREFETCH_BEFORE_END = 3;

/**
 * The post over the gallery, full screen, with a close button. Esc closes; the left and right arrow keys,
 * the side buttons and a swipe move to the previous and next photo of the gallery; a swipe down closes.
 * Closing returns to the group.
 */
export function PostModal({
  groupId,
  postId,
  gallery,
}: {
  groupId: string;
  postId: string;
  gallery?: GalleryOutletContext;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const posts = gallery?.posts ?? NO_POSTS;
  const index = posts.findIndex((post) => post.id === postId);
  const previous = index > 0 ? posts[index - 1] : undefined;
  const next = index >= 0 ? posts[index + 1] : undefined;
  const current = index >= 0 ? posts[index] : undefined;

  const close = useCallback(() => {
    // The modal was opened by a push from the gallery: going back restores the group page (and its scroll).
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate(paths.group(groupId), { replace: true });
  }, [navigate, groupId]);

  // The photo shown, updated at once on each step: a second key press before the route has re-rendered
  // still moves from the right photo.
  const currentId = useRef(postId);
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    currentId.current = postId;
  }, [postId]);

  // When the modal goes (closed, Esc, Back), focus returns to the tile of the last photo shown, which also
  // brings it into view in the gallery.
  useEffect(() => {
    const shown = currentId;
    return () => {
      const id = shown.current;
      requestAnimationFrame(() => {
        const tile = document.querySelector<HTMLElement>(
          `[data-testid="photo-tile"][data-post-id="${CSS.escape(id)}"] a`,
        );
        tile?.focus();
      });
    };
  }, []);

  const step = useCallback(
    (delta: -1 | 1) => {
      const at = posts.findIndex((post) => post.id === currentId.current);
      const target = at >= 0 ? posts[at + delta] : undefined;
      if (!target) return;
      currentId.current = target.id;
      // Replace, so Back and close still lead to the group page however far the user moved.
      navigate(paths.groupPost(groupId, target.id), { replace: true, state: location.state });
    },
    [posts, navigate, groupId, location.state],
  );

  // On a touch screen: swipe left or right for the next or previous photo, down (from the top) to close.
  const onSwipe = useCallback(
    (swipe: Swipe, scrolled: boolean) => {
      if (swipe === 'left') step(1);
      else if (swipe === 'right') step(-1);
      else if (swipe === 'down' && !scrolled) close();
    },
    [step, close],
  );
  const swipeHandlers = useSwipe(onSwipe);

  const hasMore = gallery?.hasMore ?? false;
  const loadMore = gallery?.loadMore;
  useEffect(() => {
    if (index >= 0 && hasMore && index >= posts.length - PREFETCH_BEFORE_END) loadMore?.();
  }, [index, posts.length, hasMore, loadMore]);

  // Arrow keys anywhere while the modal is open (not only when focus sits inside its content: focus can fall
  // back to the page when the button that held it goes away at the first or last photo).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      // In a text box or a choice (a comment being written, the report's reasons) the arrows are the field's;
      // in a dialog opened over the modal (a confirmation, a report) they are that dialog's, and the photo
      // it is about must stay.
      if (event.target instanceof Element) {
        if (event.target.closest(EDITABLE)) return;
        if (event.target.closest(DIALOGS) && !contentRef.current?.contains(event.target)) return;
      }
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [step]);

  return (
    <Dialog.Root open size="full" onOpenChange={(details) => !details.open && close()} motionPreset="none">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            ref={contentRef}
            {...swipeHandlers}
            data-testid="post-modal"
            aria-label={photoAlt(current ?? {})}
            // Sideways moves are the swipe's, not the browser's (whose overscroll would go Back in history).
            touchAction="pan-y"
            overscrollBehavior="contain"
            // A finger on the photo touches the stage, which stays while one photo replaces the next: a touch
            // whose target element is removed mid-swipe never ends where the handlers hear it.
            css={{ '& [data-testid="post-photo"], & [data-testid="post-photo"] img': { pointerEvents: 'none' } }}
          >
            {index >= 0 ? (
              <Text
                position="absolute"
                top="0"
                insetStart={{ base: '3', md: '6' }}
                h={`${MODAL_BAR_HEIGHT}px`}
                display="flex"
                alignItems="center"
                color="fg.muted"
                fontSize="sm"
                fontVariantNumeric="tabular-nums"
                aria-live="polite"
                data-testid="post-position"
              >
                {galleryPositionText(index + 1, { loaded: posts.length, more: hasMore, total: gallery?.totalCount })}
              </Text>
            ) : null}
            <Dialog.CloseTrigger asChild top="2" insetEnd="3" zIndex="1">
              <CloseButton size="md" aria-label={BROWSE_TEXT.CLOSE} />
            </Dialog.CloseTrigger>
            <Dialog.Body px={{ base: '3', md: '6' }} pt={`${MODAL_BAR_HEIGHT}px`} pb="6">
              <PostDetail
                postId={postId}
                groupId={groupId}
                preview={current}
                reservedHeight={MODAL_BAR_HEIGHT + 24}
                photoOverlay={
                  <>
                    {previous ? (
                      <StepButton side="left" label={BROWSE_TEXT.PREVIOUS_PHOTO} onClick={() => step(-1)}>
                        <ChevronLeftIcon />
                      </StepButton>
                    ) : null}
                    {next ? (
                      <StepButton side="right" label={BROWSE_TEXT.NEXT_PHOTO} onClick={() => step(1)}>
                        <ChevronRightIcon />
                      </StepButton>
                    ) : null}
                  </>
                }
              />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Previous/next over the photo's edge, vertically centred. */
function StepButton({
  side,
  label,
  onClick,
  children,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton
      aria-label={label}
      onClick={onClick}
      rounded="full"
      size={{ base: 'sm', md: 'md' }}
      position="absolute"
      top="50%"
      transform="translateY(-50%)"
      {...(side === 'left' ? { left: '2' } : { right: '2' })}
      bg="blackAlpha.500"
      color="white"
      _hover={{ bg: 'blackAlpha.700' }}
      fontSize="xl"
    >
      {children}
    </IconButton>
  );
}
