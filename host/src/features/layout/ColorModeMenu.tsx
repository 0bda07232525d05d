import { useEffect, useRef } from 'react';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@snapshire/shell-components';
import { COLOR_MODES, useColorMode, type ColorMode } from '@snapshire/ui';
import { COLOR_MODE_ICONS, COLOR_MODE_LABELS, ThemeButton } from './ThemeButton.tsx';

/**
 * The theme menu itself: Chakra's menu with its popper, loaded once the visitor reaches for the switch
 * (ColorModeToggle.tsx). `openAtOnce` when it was pressed before this code came; `focusTrigger` when it had the
 * focus, which the menu's own trigger takes over.
 */
export default function ColorModeMenu({ openAtOnce, focusTrigger }: { openAtOnce: boolean; focusTrigger: boolean }) {
  const { colorMode, setColorMode } = useColorMode();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !openAtOnce) trigger.current?.focus();
  }, [focusTrigger, openAtOnce]);
  return (
    <Menu.Root defaultOpen={openAtOnce}>
      <Menu.Trigger asChild>
        <ThemeButton ref={trigger} colorMode={colorMode} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="9rem">
            <Menu.RadioItemGroup value={colorMode} onValueChange={(e) => setColorMode(e.value as ColorMode)}>
              {COLOR_MODES.map((mode) => {
                const Icon = COLOR_MODE_ICONS[mode];
                return (
                  <Menu.RadioItem key={mode} value={mode}>
                    <Icon size={16} />
                    {COLOR_MODE_LABELS[mode]}
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
