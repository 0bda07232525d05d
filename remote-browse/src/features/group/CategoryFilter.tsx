import { Button, HStack, Text, Wrap } from '@chakra-ui/react';
import { BROWSE_TEXT } from '@snapshire/contracts';
import type { CategoryNode } from '../browse-data/types.ts';

/** Toggle buttons for the group's categories; with none chosen every photo shows. */
export function CategoryFilter({
  categories,
  selected,
  onChange,
}: {
  categories: readonly CategoryNode[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  if (categories.length === 0) return null;
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id].sort());
  return (
    <HStack gap="3" mb="6" align="center" flexWrap="wrap" role="group" aria-label={BROWSE_TEXT.CATEGORY_FILTER_LABEL}>
      <Text fontSize="sm" color="fg.muted">
        {BROWSE_TEXT.CATEGORY_FILTER_LABEL}
      </Text>
      <Wrap gap="2">
        {categories.map((category) => {
          const on = selected.includes(category.id);
          return (
            <Button
              key={category.id}
              size="xs"
              rounded="full"
              colorPalette="green"
              variant={on ? 'solid' : 'outline'}
              aria-pressed={on}
              onClick={() => toggle(category.id)}
            >
              {category.display_name}
            </Button>
          );
        })}
      </Wrap>
    </HStack>
  );
}
