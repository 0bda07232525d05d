/**
 * The global CSS of a Chakra system as one stylesheet: what Chakra's ChakraProvider would insert through
 * Emotion on every load (the `@layer` order, the reset, the tokens as CSS variables with their dark-mode
 * conditions, the system's globalCss and keyframes), written once at build time instead.
 *
 * It renders Chakra's own provider with the system once, with Emotion's server rendering, and collects what
 * the provider's <Global> elements serialise, so the file holds exactly the rules the provider would have
 * inserted, from the same system object, with nothing re-implemented here.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react/styled-system';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export function globalCssOf(system: SystemContext): string {
  const cache = createCache({ key: 'chakra-global' });
  // In compat mode Emotion's server rendering keeps the serialised rules in `cache.inserted` (in insertion
  // order: the layer order first) instead of writing <style> elements into the markup.
  cache.compat = true;
  renderToStaticMarkup(
    createElement(CacheProvider, { value: cache }, createElement(ChakraProvider, { value: system, children: null })),
  );
  return Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('\n');
}
