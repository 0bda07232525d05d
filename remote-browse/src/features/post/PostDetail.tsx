import { useRef, type ReactNode } from 'react';
import { Badge, Box, Center, DataList, Link, Spinner, Stack, Wrap } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import { BROWSE_TEXT, LIMITS, MESSAGES, PHOTO_TYPE_LABELS, paths } from '@snapshire/contracts';
import { ErrorPanel } from '@snapshire/ui';
import { PostByIdDocument } from '../browse-data/documents.ts';
import { isUuid } from '../browse-data/ids.ts';
import { visibleCategories, type GalleryPost } from '../browse-data/types.ts';
import { PostActions } from '../post-actions/PostActions.tsx';
import { photoAlt } from '../photos/altText.ts';
import { SignedPhoto } from '../photos/SignedPhoto.tsx';
import { useElementWidth } from '../photos/useElementWidth.ts';

export interface PostDetailProps {
  postId: string | undefined;
  /** What the gallery already knows of the post: its photo starts loading before the query answers. */
  preview?: GalleryPost;
  /** Largest height the photo may take (CSS px), e.g. the modal's viewport; none on the plain page. */
  maxPhotoHeight?: number;
  /** Drawn over the photo (the modal's previous/next buttons). */
  photoOverlay?: ReactNode;
}

/**
 * A post: the large photo from a signed URL, then Description, Photo type, Categories (badges) and Group
 * (link, or 'Private Group' when the group is not visible), each only when present.
 */
export function PostDetail({ postId, preview, maxPhotoHeight, photoOverlay }: PostDetailProps) {
  const valid = isUuid(postId);
  const { data, loading, error } = useQuery(PostByIdDocument, {
    variables: { id: postId ?? '', withCategories: true },
    skip: !valid,
  });
  const frameRef = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frameRef, 800);

  if (!valid) return <ErrorPanel message={MESSAGES.INVALID_PAGE_URL} />;
  const post = data?.postCollection?.edges[0]?.node;
  if (!post && !loading) return <ErrorPanel message={error ? error.message : MESSAGES.INVALID_PAGE_URL} />;

  const photo = post ?? preview;
  const ratio = photo ? photo.meta_width / Math.max(1, photo.meta_height) : 1;
  // Fit the width of the frame and, in the modal, the height of the screen; never above 1230 wide.
  const shownWidth = Math.min(frameWidth, LIMITS.IMAGE_MAX_WIDTH, maxPhotoHeight ? maxPhotoHeight * ratio : Infinity);
  const categories = visibleCategories(post?.post_categoryCollection?.edges);

  return (
    <Stack gap="6" data-testid="post-detail" data-post-id={postId}>
      <Box ref={frameRef} width="full">
        {photo ? (
          <Box mx="auto" width={`${Math.max(1, Math.floor(shownWidth))}px`} maxW="full" position="relative">
            <SignedPhoto
              key={photo.id}
              photo={photo}
              alt={photoAlt(photo)}
              displayWidth={shownWidth}
              eager
              priority
              objectFit="contain"
              borderRadius="md"
              data-testid="post-photo"
            />
            {photoOverlay}
          </Box>
        ) : (
          <Center py="16">
            <Spinner size="lg" color="green.500" aria-label="Loading" />
          </Center>
        )}
      </Box>
      {post ? (
        <DataList.Root orientation="horizontal" gap="3" size="lg">
          {post.description ? (
            <DataList.Item alignItems="baseline">
              <DataList.ItemLabel>{BROWSE_TEXT.DESCRIPTION_LABEL}</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-line">{post.description}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
          {post.photo_type ? (
            <DataList.Item alignItems="baseline">
              <DataList.ItemLabel>{BROWSE_TEXT.PHOTO_TYPE_LABEL}</DataList.ItemLabel>
              <DataList.ItemValue>{PHOTO_TYPE_LABELS[post.photo_type] ?? post.photo_type}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
          {categories.length > 0 ? (
            <DataList.Item alignItems="baseline">
              <DataList.ItemLabel>{BROWSE_TEXT.CATEGORIES_LABEL}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Wrap gap="2">
                  {categories.map((category) => (
                    <Badge key={category.id} colorPalette="green" variant="subtle">
                      {category.display_name}
                    </Badge>
                  ))}
                </Wrap>
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
          <DataList.Item alignItems="baseline">
            <DataList.ItemLabel>{BROWSE_TEXT.GROUP_LABEL}</DataList.ItemLabel>
            <DataList.ItemValue>
              {post.group ? (
                <Link asChild variant="underline" colorPalette="green">
                  <RouterLink to={paths.group(post.group.id)}>{post.group.display_name}</RouterLink>
                </Link>
              ) : (
                MESSAGES.PRIVATE_GROUP
              )}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      ) : null}
      {post ? <PostActions postId={post.id} groupId={post.group_id} /> : null}
    </Stack>
  );
}
