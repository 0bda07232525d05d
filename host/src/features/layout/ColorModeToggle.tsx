import { useRef, useState, type ComponentType } from 'react';
import { useColorMode } from '@snapshire/ui';
import { ThemeButton } from './ThemeButton.tsx';

type ColorModeMenuComponent = ComponentType<{ openAtOnce: boolean; focusTrigger: boolean }>;

/** Once asked for, the menu's module for the rest of the visit. */
let menuModule: Promise<ColorModeMenuComponent> | undefined;
const loadMenu = () => (menuModule ??= import('./ColorModeMenu.tsx').then((module) => module.default));

/**
 * The top bar's theme switch: a menu of Light, Dark and System; the icon shows what is in effect. The host's
 * own, not @snapshire/ui's: a remote bundles its fallback copy of that package, and Chakra's menu (with its
 * popper) then joined the remote's components chunk, downloaded on every screen for a menu only the host draws.
 * The menu's code (about 18 KB compressed, half the host's entry chunk) comes when the visitor reaches for the
 * switch (pointer over it, focus, press), not with every page: until then the same button, announced as a
 * menu's, and a press before the code has come opens the menu once it has.
 */
export function ColorModeToggle() {
  const { colorMode } = useColorMode();
  const [menu, setMenu] = useState<{ Menu: ColorModeMenuComponent; openAtOnce: boolean; focusTrigger: boolean }>();
  const pressed = useRef(false);
  if (menu) return <menu.Menu openAtOnce={menu.openAtOnce} focusTrigger={menu.focusTrigger} />;
  function reach(button: HTMLButtonElement, press: boolean) {
    if (press) pressed.current = true;
    void loadMenu().then(
      (Menu) =>
        setMenu(
          (current) =>
            current ?? { Menu, openAtOnce: pressed.current, focusTrigger: document.activeElement === button },
        ),
      // Not loaded (offline): the switch stays as it is, the press forgotten; a later reach tries again.
      () => {
        menuModule = undefined;
        pressed.current = false;
      },
    );
  }
  return (
    <ThemeButton
      colorMode={colorMode}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={(event) => reach(event.currentTarget, false)}
      onFocus={(event) => reach(event.currentTarget, false)}
      onClick={(event) => reach(event.currentTarget, true)}
    />
  );
}
