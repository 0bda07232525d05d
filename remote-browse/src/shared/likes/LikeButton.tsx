import { useEffect, useState } from 'react';
import { Box, HStack, IconButton, Text, VisuallyHidden } from '@snapshire/shell-components';
import { useNavigate } from 'react-router-dom';
import { SOCIAL_TEXT, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { touchTarget } from '@snapshire/ui';
import { HeartIcon } from '../photos/icons.tsx';
import { useLikeToggle, type LikeState } from './useLikeToggle.ts';

/** How long a refusal or the join hint stays beside the heart. */
const NOTICE_MS = 5000;

export interface LikeButtonProps {
  post: LikeState;
  groupId: string;
  /** The photo's text alternative: the button says what it likes ("Like Harbour at dusk"). */
  photoLabel: string;
  /** Whether the caller may like here (a member of the group); others are told to join. */
  canTakePart: boolean;
  /** 'overlay': white on the photo tile; 'inline': beside the post's details. */
  variant: 'overlay' | 'inline';
}

/**
 * The heart and its count. A member's tap likes or unlikes at once (corrected if the server refuses); a
 * signed-in visitor who is not a member is told to join; a signed-out visitor's heart takes them to sign in
 * and back to this photo.
 */
export function LikeButton({ post, groupId, photoLabel, canTakePart, variant }: LikeButtonProps) {
  const { session } = useSession();
  const navigate = useNavigate();
  const { toggle, refusal, dismiss } = useLikeToggle();
  const [hint, setHint] = useState<string | null>(null);
  const notice = hint ?? refusal?.message ?? null;
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      setHint(null);
      dismiss();
    }, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);

  const on = Boolean(session && post.liked_by_me);
  const overlay = variant === 'overlay';
  const look = {
    size: overlay ? ('sm' as const) : ('md' as const),
    variant: 'ghost' as const,
    rounded: 'full',
    color: on ? 'pink.500' : overlay ? 'white' : 'fg',
    fontSize: 'lg',
    css: touchTarget,
    ...(overlay ? { bg: 'blackAlpha.400', _hover: { bg: 'blackAlpha.600' } } : {}),
  };
  const count = (
    <Text
      as="span"
      fontSize="sm"
      fontWeight="medium"
      minW="2ch"
      color={overlay ? 'white' : 'fg.muted'}
      textShadow={overlay ? '0 1px 2px rgba(0,0,0,0.8)' : undefined}
      data-testid="like-count"
      data-count={post.like_count}
    >
      <span aria-hidden="true">{post.like_count}</span>
      <VisuallyHidden>{SOCIAL_TEXT.likeCount(post.like_count)}</VisuallyHidden>
    </Text>
  );

  return (
    <Box position="relative" data-testid="like" data-state={on ? 'on' : 'off'}>
      <HStack gap="0.5">
        {session ? (
          <IconButton
            {...look}
            aria-label={SOCIAL_TEXT.likeLabel(photoLabel)}
            aria-pressed={on}
            data-state={on ? 'on' : 'off'}
            onClick={() => {
              if (!canTakePart) setHint(SOCIAL_TEXT.JOIN_TO_COMMENT);
              else void toggle(post);
            }}
          >
            <HeartIcon filled={on} />
          </IconButton>
        ) : (
          // A button, as the heart is for members (a tile keeps one link, its photo); it takes the visitor to
          // sign in, and back to this photo afterwards.
          <IconButton
            {...look}
            aria-label={SOCIAL_TEXT.SIGN_IN_TO_LIKE}
            onClick={() => void navigate(paths.login(paths.groupPost(groupId, post.id)))}
          >
            <HeartIcon />
          </IconButton>
        )}
        {count}
      </HStack>
      {notice ? (
        <Text
          role="status"
          position="absolute"
          bottom="calc(100% + 0.25rem)"
          right="0"
          w="max-content"
          maxW="14rem"
          px="2.5"
          py="1.5"
          rounded="md"
          bg="bg.inverted"
          color="fg.inverted"
          fontSize="sm"
          boxShadow="md"
          zIndex="1"
          data-testid="like-notice"
        >
          {notice}
        </Text>
      ) : null}
    </Box>
  );
}
