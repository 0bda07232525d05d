import { Button, Tag } from '@chakra-ui/react';
import { tagSlotRecipe } from '@chakra-ui/react/theme';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { system } from './system.ts';
import { UiProvider } from './UiProvider.tsx';

/** Every rule Emotion has put into the document (its development build writes them as text). */
function insertedCss(): string {
  return [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
}

test('inserts none of the global CSS at run time (the page links it), while components still get their styles', () => {
  render(
    <UiProvider>
      <Button>Post</Button>
    </UiProvider>,
  );
  expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
  const css = insertedCss();
  expect(document.querySelectorAll('style[data-emotion^="css-global"]')).toHaveLength(0);
  expect(css).not.toContain('@layer reset');
  expect(css).not.toContain('--chakra-colors-brand-700');
  expect(css).not.toContain('@keyframes');
  // The button's recipe, in its layer, with the brand palette (html's colorPalette) from the system's tokens.
  expect(css).toContain('@layer recipes');
  expect(css).toContain('var(--chakra-colors-color-palette-solid)');
  // The system object the components read is the one system: its tokens and recipes.
  expect(system.token('colors.brand.700')).toBe('#0b7545');
});

test('a component whose recipe the system lacks is drawn when its recipe is passed in (a remote deploying alone)', () => {
  expect(system.isSlotRecipe('tag')).toBe(false);
  render(
    <UiProvider>
      <Tag.Root data-testid="without">No recipe</Tag.Root>
      <Tag.Root data-testid="with" recipe={tagSlotRecipe}>
        With its recipe
      </Tag.Root>
    </UiProvider>,
  );
  // The recipe names its parts (chakra-tag__root) and gives them their styles.
  expect(screen.getByTestId('without').className).not.toContain('chakra-tag__root');
  expect(screen.getByTestId('with').className).toContain('chakra-tag__root');
  expect(insertedCss()).toContain('--tag-avatar-size');
});
