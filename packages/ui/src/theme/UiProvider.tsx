import { ChakraProvider } from '@chakra-ui/react';
import { LIMITS } from '@snapshire/contracts';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { system } from './system.ts';

/**
 * Chakra with Snapshire's system, and the colour mode (light, dark or system; default system) kept in
 * localStorage under 'theme' and applied as a class on <html>, which the system's dark tokens follow.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
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
