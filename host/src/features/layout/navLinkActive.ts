/**
 * Whether a top-bar link to `to` is the current page's at `pathname`, as React Router's NavLink decides it by
 * default (not `end`, not case-sensitive): the same address, or one below it. The shell drawn from the HTML
 * marks its links with it before the app has loaded (host/build/showShellEntry.ts); navLinkActive.test.tsx
 * checks it against NavLink itself.
 */
export function navLinkActive(pathname: string, to: string): boolean {
  const location = pathname.toLowerCase();
  const target = to.toLowerCase();
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return location === target || (location.startsWith(target) && location.charAt(endSlash) === '/');
}
