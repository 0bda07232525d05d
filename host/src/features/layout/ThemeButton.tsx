import type { ComponentProps, Ref } from 'react';
import { Box, IconButton } from '@snapshire/shell-components';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { ColorMode } from '@snapshire/ui';

export const COLOR_MODE_LABELS: Record<ColorMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };
export const COLOR_MODE_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

type ThemeButtonProps = Omit<ComponentProps<typeof IconButton>, 'children'> & {
  colorMode: ColorMode;
  ref?: Ref<HTMLButtonElement>;
};

/** The top bar's theme switch as drawn: before the menu's code has come, and as the menu's trigger after. */
export function ThemeButton({ colorMode, ...props }: ThemeButtonProps) {
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={`Theme: ${COLOR_MODE_LABELS[colorMode]}`}
      title="Theme"
      {...props}
    >
      {/* The mode in effect, from the class on <html>: right from the first paint, before the colour mode
          has been read by script (the top bar is drawn from the HTML, host/build/prerenderShell.tsx). */}
      <Box as="span" display="contents" _dark={{ display: 'none' }}>
        <COLOR_MODE_ICONS.light />
      </Box>
      <Box as="span" display="none" _dark={{ display: 'contents' }}>
        <COLOR_MODE_ICONS.dark />
      </Box>
    </IconButton>
  );
}
