import { useRef } from 'react';
import { Card } from '@chakra-ui/react/card';
import { Grid } from '@chakra-ui/react/grid';
import { Box, Center, Text } from '@snapshire/shell-components';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS, MESSAGES, paths } from '@snapshire/contracts';
import { photoAlt } from '../../shared/photos/altText.ts';
import { SignedPhoto } from '../../shared/photos/SignedPhoto.tsx';
import { useElementWidth } from '../../shared/photos/useElementWidth.ts';
import type { GroupsListGroup } from '../../shared/data/types.ts';
import { GroupCardBadges } from './my-groups/GroupCardBadges.tsx';

const SLOT_GAP_PX = 4;

/**
 * A slot the group has no photo for (the list shows each group's 2 newest photos in 3 slots): a designed
 * tile, the group's initial on the accent's soft gradient, rather than an empty grey box. Decorative.
 */
function SlotPlaceholder({ name }: { name: string }) {
  return (
    <Center
      aspectRatio={1}
      borderRadius="sm"
      bgGradient="to-br"
      gradientFrom="brand.subtle"
      gradientTo="brand.muted"
      color="brand.fg"
      fontSize="3xl"
      fontWeight="bold"
      aria-hidden="true"
      data-testid="slot-placeholder"
    >
      {Array.from(name.trim())[0]?.toLocaleUpperCase() ?? ''}
    </Center>
  );
}

/** One group in the list: a row of 3 square thumbnail slots (or 'No Photos') and the bold name; all a link. */
export function GroupCard({ group, eager }: { group: GroupsListGroup; eager: boolean }) {
  const rowRef = useRef<HTMLDivElement>(null);
  const rowWidth = useElementWidth(rowRef, 300);
  const slotWidth =
    (rowWidth - SLOT_GAP_PX * (LIMITS.GROUP_CARD_THUMBNAIL_SLOTS - 1)) / LIMITS.GROUP_CARD_THUMBNAIL_SLOTS;
  const posts = (group.postCollection?.edges ?? [])
    .map((edge) => edge.node)
    .slice(0, LIMITS.GROUP_CARD_THUMBNAIL_SLOTS);

  return (
    <Card.Root
      asChild
      variant="outline"
      overflow="hidden"
      transition="box-shadow 0.15s, transform 0.15s"
      _hover={{ shadow: 'md' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      <RouterLink to={paths.group(group.id)} data-testid="group-card">
        <Box ref={rowRef} p="2">
          {posts.length === 0 ? (
            <Center aspectRatio={3} bg="bg.muted" borderRadius="sm" color="fg.muted">
              <Text>{MESSAGES.NO_PHOTOS}</Text>
            </Center>
          ) : (
            <Grid templateColumns={`repeat(${LIMITS.GROUP_CARD_THUMBNAIL_SLOTS}, 1fr)`} gap={`${SLOT_GAP_PX}px`}>
              {Array.from({ length: LIMITS.GROUP_CARD_THUMBNAIL_SLOTS }, (_, slot) => {
                const post = posts[slot];
                if (!post) return <SlotPlaceholder key={`empty-${slot}`} name={group.display_name} />;
                // A square slot shows the photo cropped: request enough width for its shorter side to fill it.
                const coverWidth = slotWidth * Math.max(1, post.meta_width / Math.max(1, post.meta_height));
                return (
                  <SignedPhoto
                    key={post.id}
                    photo={post}
                    alt={photoAlt(post)}
                    displayWidth={coverWidth}
                    aspectRatio={1}
                    objectFit="cover"
                    borderRadius="sm"
                    eager={eager}
                    placeholder={post.th}
                  />
                );
              })}
            </Grid>
          )}
        </Box>
        <Card.Body pt="1" pb="3" px="3">
          <Text fontWeight="bold">{group.display_name}</Text>
          <GroupCardBadges group={group} />
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
