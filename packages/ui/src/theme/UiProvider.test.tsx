import { Button, Tag } from '@chakra-ui/react';
import { tagSlotRecipe } from '@chakra-ui/react/theme';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { system } from './system.ts';
import { systemWithoutGlobalStyles, UiProvider } from './UiProvider.tsx';

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

test('the system computes its global CSS only when it is read, and the provider never reads it (the page links it)', () => {
  // An accessor, not a value computed by createSystem on every load (patches/@chakra-ui+react+3.37.0.patch).
  const global = Object.getOwnPropertyDescriptor(system, '_global');
  expect(global?.get).toBeTypeOf('function');
  expect(Object.getOwnPropertyDescriptor(systemWithoutGlobalStyles, '_global')).toMatchObject({ value: [] });
  // Read (the build's stylesheet does): the reset, the global styles and the tokens, computed once.
  const styles = system._global;
  expect(styles).toHaveLength(3);
  expect(system._global).toBe(styles);
  expect(JSON.stringify(styles)).toContain('--chakra-colors-brand-700');
  // The provider's copy keeps the system's own functions.
  expect(systemWithoutGlobalStyles.token('colors.brand.700')).toBe('#0b7545');
});
