import { useTheme } from 'next-themes';

export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/** The chosen mode (light, dark or system), what it resolves to, and a setter. */
export function useColorMode(): {
  colorMode: ColorMode;
  resolvedColorMode: 'light' | 'dark';
  setColorMode: (mode: ColorMode) => void;
} {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const colorMode = (COLOR_MODES as readonly string[]).includes(theme ?? '') ? (theme as ColorMode) : 'system';
  return {
    colorMode,
    resolvedColorMode: resolvedTheme === 'dark' ? 'dark' : 'light',
    setColorMode: setTheme,
  };
}
