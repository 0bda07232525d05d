import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { DataList } from '@chakra-ui/react/data-list';
import { Grid } from '@chakra-ui/react/grid';
import { Wrap } from '@chakra-ui/react/wrap';
import { Badge, Box, Button, Center, Heading, HStack, Link, Spinner, Stack } from '@snapshire/shell-components';
import { useQuery } from '@apollo/client/react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { BROWSE_TEXT, LIMITS, MESSAGES, PHOTO_TYPE_LABELS, RETURN_TEXT, paths } from '@snapshire/contracts';
import { ErrorPanel, touchTargetLink } from '@snapshire/ui';
import { NameAvatar } from '@snapshire/ui/name-avatar';
import { PostByIdDocument } from '../../shared/data/post/operations.generated.ts';
import { isUuid } from '../../shared/data/ids.ts';
import { visibleCategories, type GalleryPost } from '../../shared/data/types.ts';
import { PostActions } from './post-actions/PostActions.tsx';
import { LikeButton } from '../../shared/likes/LikeButton.tsx';
import { LikedBy } from './likes/LikedBy.tsx';
import { CameraLine } from './CameraLine.tsx';
import { UnavailableNotice } from '../../shared/return-paths/UnavailableNotice.tsx';
import { photoAlt } from '../../shared/photos/altText.ts';
import { SignedPhoto } from '../../shared/photos/SignedPhoto.tsx';
import { useElementWidth } from '../../shared/photos/useElementWidth.ts';
import { useViewportSize } from '../../shared/layout/useViewportSize.ts';

export interface PostDetailProps {
  postId: string | undefined;
  /** The group of the URL: a post of another group is redirected to its own group's URL. */
  groupId?: string;
  /** What the gallery already knows of the post: its photo starts loading before the query answers. */
  preview?: GalleryPost;
  /**
   * Screen height the photo may not take (CSS px): what sits above and below it (the top bar and page
   * padding, or the modal's bars). The photo is never taller than the rest of the screen.
   */
  reservedHeight: number;
  /** Drawn over the photo (the modal's previous/next buttons). */
  photoOverlay?: ReactNode;
  /** 'h1' on the plain page and in the modal (a dialog is a document of its own for assistive technology). */
  headingLevel?: 'h1' | 'h2';
  /** Id for the heading, so a dialog can be labelled by it. */
  headingId?: string;
}

const postedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * The comments come after everything else of a post, in a chunk of their own: the gallery and the groups
 * list, which share this remote's common code, do not carry them.
 */
const CommentsSection = lazy(() =>
  import('./comments/CommentsSection.tsx').then((module) => ({ default: module.CommentsSection })),
);

/** Never smaller than this, even on a very short screen (a landscape phone). */
const MIN_PHOTO_HEIGHT = 200;

/**
 * A post: the photo from a signed URL, contained in the screen (never taller than it, letterboxed), and
 * beside it on wide screens (below on narrow) its heading (the description, else the group), Photo type,
 * Camera (one line, when the photo stated it), Categories (badges), Group (link, or 'Private Group' when the group is not visible), the date and
 * the author's public name; then the heart with who likes it, the author's and managers' actions, and the
 * comments.
 */
export function PostDetail({
  postId,
  groupId,
  preview,
  reservedHeight,
  photoOverlay,
  headingLevel = 'h1',
  headingId,
}: PostDetailProps) {
  const valid = isUuid(postId);
  const { data, loading, error } = useQuery(PostByIdDocument, {
    variables: { id: postId ?? '', withCategories: true },
    skip: !valid,
  });
  const frameRef = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frameRef, 800);
  const viewportHeight = useViewportSize('height');

  if (!valid) return <PostError message={MESSAGES.INVALID_PAGE_URL} />;
  const post = data?.postCollection?.edges[0]?.node;
  if (!post && !loading) {
    if (error) return <PostError message={error.message} />;
    // Not there, or in a private group the caller cannot see (the server answers both alike): a way to sign
    // in and come back, or plain "not available"; never an error.
    return (
      <UnavailableNotice
        testId="post-unavailable"
        signedOut={RETURN_TEXT.PHOTO_SIGN_IN}
        signedIn={RETURN_TEXT.PHOTO_NOT_AVAILABLE}
      />
    );
  }
  // A shared link with the wrong group in it: show the post under its own group's URL.
  if (post && groupId && post.group_id !== groupId)
    return <Navigate to={paths.groupPost(post.group_id, post.id)} replace />;

  const photo = post ?? preview;
  const ratio = photo ? photo.meta_width / Math.max(1, photo.meta_height) : 1;
  const maxHeight = Math.max(MIN_PHOTO_HEIGHT, viewportHeight - reservedHeight);
  // Fit the width of the frame and the height of the screen; never above 1230 wide.
  const shownWidth = Math.max(1, Math.floor(Math.min(frameWidth, LIMITS.IMAGE_MAX_WIDTH, maxHeight * ratio)));
  const categories = visibleCategories(post?.post_categoryCollection?.edges);
  const description = post?.description?.trim();
  const heading = description || post?.group?.display_name || MESSAGES.PRIVATE_GROUP;
  const posted = post ? new Date(post.created_at) : null;

  return (
    <Grid
      data-testid="post-detail"
      data-post-id={postId}
      templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 16rem', lg: 'minmax(0, 1fr) 20rem' }}
      gap={{ base: '5', md: '8' }}
      alignItems="start"
    >
      {/* The stage: the photo centred in it; a portrait on a wide screen gets bars at its sides. */}
      <Center ref={frameRef} width="full" minW="0" bg="bg.subtle" borderRadius="md" data-testid="post-stage">
        {photo ? (
          <Box width={`${shownWidth}px`} maxW="full" position="relative">
            <SignedPhoto
              key={photo.id}
              photo={photo}
              alt={photoAlt(photo)}
              displayWidth={shownWidth}
              eager
              priority
              objectFit="contain"
              borderRadius="md"
              placeholder={photo.th}
              data-testid="post-photo"
            />
            {photoOverlay}
          </Box>
        ) : (
          <Center h={`${Math.min(maxHeight, 480)}px`}>
            <Spinner size="lg" color="brand.solid" aria-label="Loading" />
          </Center>
        )}
      </Center>
      {post ? (
        <Stack gap="5" minW="0">
          <Heading
            as={headingLevel}
            id={headingId}
            fontSize={{ base: 'xl', md: '2xl' }}
            lineHeight="1.25"
            whiteSpace="pre-line"
            overflowWrap="anywhere"
            data-testid="post-heading"
          >
            {heading}
          </Heading>
          <DataList.Root orientation="vertical" gap="4" size="md">
            {post.photo_type ? (
              <DataList.Item>
                <DataList.ItemLabel>{BROWSE_TEXT.PHOTO_TYPE_LABEL}</DataList.ItemLabel>
                <DataList.ItemValue>{PHOTO_TYPE_LABELS[post.photo_type] ?? post.photo_type}</DataList.ItemValue>
              </DataList.Item>
            ) : null}
            <CameraLine post={post} />
            {categories.length > 0 ? (
              <DataList.Item>
                <DataList.ItemLabel>{BROWSE_TEXT.CATEGORIES_LABEL}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Wrap gap="2">
                    {categories.map((category) => (
                      <Badge key={category.id} colorPalette="brand" variant="subtle">
                        {category.display_name}
                      </Badge>
                    ))}
                  </Wrap>
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            <DataList.Item>
              <DataList.ItemLabel>{BROWSE_TEXT.GROUP_LABEL}</DataList.ItemLabel>
              <DataList.ItemValue>
                {post.group ? (
                  <Link asChild variant="underline" colorPalette="brand" css={touchTargetLink}>
                    <RouterLink to={paths.group(post.group.id)}>{post.group.display_name}</RouterLink>
                  </Link>
                ) : (
                  MESSAGES.PRIVATE_GROUP
                )}
              </DataList.ItemValue>
            </DataList.Item>
            {posted && !Number.isNaN(posted.getTime()) ? (
              <DataList.Item>
                <DataList.ItemLabel>{BROWSE_TEXT.POSTED_LABEL}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <time dateTime={post.created_at}>{postedFormat.format(posted)}</time>
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {/* Last: who took it (their public profile name; null when no profile is visible). */}
            {post.author?.display_name ? (
              <DataList.Item>
                <DataList.ItemLabel>{BROWSE_TEXT.AUTHOR_LABEL}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="post-author" display="flex" alignItems="center" gap="2">
                  <NameAvatar name={post.author.display_name} />
                  {post.author.display_name}
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
          </DataList.Root>
          <Stack gap="1" data-testid="post-likes">
            <LikeButton
              post={post}
              groupId={post.group_id}
              photoLabel={photoAlt(post)}
              canTakePart={Boolean(post.group?.can_take_part)}
              variant="inline"
            />
            <LikedBy postId={post.id} likeCount={post.like_count} />
          </Stack>
          <PostActions postId={post.id} groupId={post.group_id} />
          <Suspense fallback={null}>
            <CommentsSection
              postId={post.id}
              groupId={post.group_id}
              canTakePart={Boolean(post.group?.can_take_part)}
              headingLevel={headingLevel === 'h1' ? 'h2' : 'h3'}
            />
          </Suspense>
        </Stack>
      ) : null}
    </Grid>
  );
}

/** A post that cannot be shown: why, and two ways on (the group list, and back). */
function PostError({ message }: { message: string }) {
  const navigate = useNavigate();
  // Back is offered when there is somewhere to go back to: an earlier page of this visit (the router's first
  // location has the key 'default') or of the tab's history.
  const canGoBack = useLocation().key !== 'default' || window.history.length > 1;
  return (
    <ErrorPanel
      message={message}
      action={
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.groups()}>{BROWSE_TEXT.GROUPS_LINK}</RouterLink>
          </Button>
          {canGoBack ? (
            <Button variant="outline" colorPalette="brand" onClick={() => navigate(-1)}>
              {BROWSE_TEXT.BACK}
            </Button>
          ) : null}
        </HStack>
      }
    />
  );
}
