import { Menu } from '@chakra-ui/react/menu';
import { Box, IconButton, Portal } from '@snapshire/shell-components';
import { Monitor, Moon, Sun } from 'lucide-react';
import { COLOR_MODES, useColorMode, type ColorMode } from '@snapshire/ui';

const LABELS: Record<ColorMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * The top bar's theme switch: a menu of Light, Dark and System; the icon shows what is in effect. The host's
 * own, not @snapshire/ui's: a remote bundles its fallback copy of that package, and Chakra's menu (with its
 * popper) then joined the remote's components chunk, downloaded on every screen for a menu only the host draws.
 */
export function ColorModeToggle() {
  const { colorMode, setColorMode } = useColorMode();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Theme: ${LABELS[colorMode]}`} title="Theme">
          {/* The mode in effect, from the class on <html>: right from the first paint, before the colour mode
              has been read by script (the top bar is drawn from the HTML, host/build/prerenderShell.tsx). */}
          <Box as="span" display="contents" _dark={{ display: 'none' }}>
            <ICONS.light />
          </Box>
          <Box as="span" display="none" _dark={{ display: 'contents' }}>
            <ICONS.dark />
          </Box>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="9rem">
            <Menu.RadioItemGroup value={colorMode} onValueChange={(e) => setColorMode(e.value as ColorMode)}>
              {COLOR_MODES.map((mode) => {
                const Icon = ICONS[mode];
                return (
                  <Menu.RadioItem key={mode} value={mode}>
                    <Icon size={16} />
                    {LABELS[mode]}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                );
              })}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
