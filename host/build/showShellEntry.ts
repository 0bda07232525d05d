/**
 * The script after the shell's two variants in index.html (host/build/prerenderShell.tsx), bundled by
 * prerenderShellPlugin.ts with what it imports: removes the variant not for this device and the screens drawn
 * for other addresses, marks the link of the current page as NavLink does (navLinkActive), then shows the shell,
 * whole, as the app's first render will draw it.
 */
import { navLinkActive } from '../src/features/layout/navLinkActive.ts';

/** The shell's markers (SHELL_MARKERS in prerenderShell.tsx), defined by the build. */
declare const SHELL_MARKERS: {
  unusedVariant: string;
  forAddress: string;
  navLink: string;
  variant: string;
  ready: string;
};

const { unusedVariant, forAddress, navLink, variant, ready } = SHELL_MARKERS;
document.querySelector(unusedVariant)?.remove();
document.querySelectorAll(`[${forAddress}]`).forEach((element) => {
  if (element.getAttribute(forAddress) !== location.pathname) element.remove();
});
document.querySelectorAll(`[${navLink}]`).forEach((link) => {
  if (!navLinkActive(location.pathname, link.getAttribute('href') ?? '')) return;
  link.classList.add('active');
  link.setAttribute('aria-current', 'page');
});
document.querySelector(`[${variant}]`)?.setAttribute(ready, '');
