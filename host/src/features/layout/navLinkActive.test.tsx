import { render } from '@testing-library/react';
import { createMemoryRouter, NavLink, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { navLinkActive } from './navLinkActive.ts';

/** Whether React Router's NavLink to `to` is active at `pathname`. */
function navLinkSays(pathname: string, to: string): boolean {
  const router = createMemoryRouter([{ path: '*', element: <NavLink to={to}>link</NavLink> }], {
    initialEntries: [pathname],
  });
  const { container, unmount } = render(<RouterProvider router={router} />);
  const active = container.querySelector('a')!.classList.contains('active');
  unmount();
  return active;
}

describe('navLinkActive', () => {
  it("is NavLink's own judgement, for the top bar's links and odd addresses", () => {
    const links = ['/', '/groups', '/groups/', '/account'];
    const addresses = [
      '/',
      '/groups',
      '/groups/',
      '/Groups',
      '/GROUPS/abc',
      '/groups/new',
      '/groupsx',
      '/account/name',
      '/acc',
    ];
    for (const to of links)
      for (const pathname of addresses)
        expect(navLinkActive(pathname, to), `${to} at ${pathname}`).toBe(navLinkSays(pathname, to));
  });
});
