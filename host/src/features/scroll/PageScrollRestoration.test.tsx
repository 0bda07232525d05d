import { POST_MODAL_STATE } from '@snapshire/contracts';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type DataRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageScrollRestoration } from './PageScrollRestoration.tsx';

/** The window's position as the router reads it (jsdom does not scroll), moved by the test or by scrollTo. */
let y = 0;
let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  y = 0;
  sessionStorage.clear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  scrollTo = vi.fn((_x: number, top: number) => {
    y = top;
  });
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'scrollY');
});

/** The host's shape: a layout route holding the restoration, a list, a group with its nested post route. */
function renderSite(): DataRouter {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <PageScrollRestoration />
          </>
        ),
        children: [
          { path: '/groups', element: <h1>Groups</h1> },
          {
            path: '/groups/:groupId',
            element: (
              <>
                <h1>Group</h1>
                <Outlet />
              </>
            ),
            children: [{ path: 'post/:postId', element: <p>Post</p> }],
          },
        ],
      },
    ],
    { initialEntries: ['/groups'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A link (a path, with its options) or a history step (a number), as the router performs it. */
const go = (router: DataRouter, to: string | number, options?: { state?: unknown; replace?: boolean }) =>
  act(async () => {
    await (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options));
  });

describe('PageScrollRestoration', () => {
  it('a link lands at the top of the new page; Back returns to where the page was left', async () => {
    const router = renderSite();
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    y = 1160;
    await go(router, '/groups/g1');
    expect(screen.getByRole('heading', { name: 'Group' })).toBeInTheDocument();
    expect(y).toBe(0);

    y = 300;
    await go(router, -1);
    expect(screen.getByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    expect(y).toBe(1160);
    await go(router, 1);
    expect(y).toBe(300);
  });

  it('a post opened as a modal over the group page leaves the page where it is, through steps and Back', async () => {
    const router = renderSite();
    await go(router, '/groups/g1');
    y = 2400;
    scrollTo.mockClear();

    await go(router, '/groups/g1/post/p1', { state: POST_MODAL_STATE });
    expect(screen.getByText('Post')).toBeInTheDocument();
    expect(y).toBe(2400);
    // The next photo replaces the entry.
    await go(router, '/groups/g1/post/p2', { state: POST_MODAL_STATE, replace: true });
    expect(y).toBe(2400);
    await go(router, -1);
    expect(screen.queryByText('Post')).not.toBeInTheDocument();
    expect(y).toBe(2400);
    expect(scrollTo).not.toHaveBeenCalledWith(0, 0);
  });

  it('the same post opened as a page (no modal state) starts at the top', async () => {
    const router = renderSite();
    await go(router, '/groups/g1');
    y = 2400;
    await go(router, '/groups/g1/post/p1');
    expect(y).toBe(0);
  });
});
