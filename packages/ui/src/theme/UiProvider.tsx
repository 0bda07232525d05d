import { ChakraProvider, type SystemContext } from '@chakra-ui/react/styled-system';
import { LIMITS } from '@snapshire/contracts';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { system } from './system.ts';

/**
 * The system as the provider is given it: the same object's functions and tokens, without its global styles.
 * ChakraProvider inserts `_global` (reset, tokens as CSS variables, globalCss, keyframes) and, unless layers
 * are off, the `@layer` order through Emotion on every load; the page links both as a stylesheet written at
 * build time from this system (packages/ui/build/globalCssPlugin.ts). `disableLayers` is read only by the
 * provider: recipes keep their layer, since the system's own functions hold the original config.
 */
export const systemWithoutGlobalStyles = Object.defineProperties(
  {},
  {
    // Copied as they are: a spread would read `_global`, which the system computes only when read (its
    // getter, patches/@chakra-ui+react+3.37.0.patch: about 190 ms at 4x CPU on every load, for CSS the page
    // already links).
    ...Object.getOwnPropertyDescriptors(system),
    _global: { value: [], enumerable: true },
    _config: { value: { ...system._config, disableLayers: true }, enumerable: true },
  },
) as SystemContext;

/**
 * Chakra with Snapshire's system, and the colour mode (light, dark or system; default system) kept in
 * localStorage under 'theme' and applied as a class on <html>, which the system's dark tokens follow.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={systemWithoutGlobalStyles}>
      <ThemeProvider
        attribute="class"
        storageKey={LIMITS.THEME_STORAGE_KEY}
        defaultTheme="system"
        enableSystem
        disableTransitionOnChange
      >
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}
