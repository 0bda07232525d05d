import { useRef } from 'react';
import { Button, Flex, Text } from '@snapshire/shell-components';
import { BROWSE_TEXT } from '@snapshire/contracts';
import type { CategoryNode } from '../../shared/data/types.ts';
import { edgeFadeMask, useHiddenEdges } from './scrollEdges.ts';

/**
 * Toggle buttons for the group's categories; with none chosen every photo shows. On a phone they stay on
 * one line that scrolls sideways, so they take one short row above the photos, faded at an end with more
 * chips beyond it.
 */
export function CategoryFilter({
  categories,
  selected,
  onChange,
}: {
  categories: readonly CategoryNode[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  // On a phone the row is cut at the screen's edge: a fade there says it scrolls, and which way.
  const mask = edgeFadeMask(useHiddenEdges(row, categories.length));
  if (categories.length === 0) return null;
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id].sort());
  return (
    <Flex
      ref={row}
      gap="2"
      align="center"
      wrap={{ base: 'nowrap', md: 'wrap' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      // Room for the focus ring of the first and last chip inside the scrolling row.
      py="1"
      px="1"
      mx="-1"
      role="group"
      aria-label={BROWSE_TEXT.CATEGORY_FILTER_LABEL}
      css={{ scrollbarWidth: 'none', maskImage: mask }}
    >
      <Text fontSize="sm" color="fg.muted" flexShrink={0} me="1">
        {BROWSE_TEXT.CATEGORY_FILTER_LABEL}
      </Text>
      {categories.map((category) => {
        const on = selected.includes(category.id);
        return (
          <Button
            key={category.id}
            size="xs"
            rounded="full"
            flexShrink={0}
            colorPalette="brand"
            variant={on ? 'solid' : 'outline'}
            aria-pressed={on}
            onClick={() => toggle(category.id)}
          >
            {category.display_name}
          </Button>
        );
      })}
    </Flex>
  );
}
