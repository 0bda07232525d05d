import { ChakraProvider } from '@chakra-ui/react';
import { EARLY_FIRST_RENDER_EVENT, EARLY_FIRST_RENDER_KEY } from '@snapshire/contracts';
import { system } from '@snapshire/ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteLoadTimeoutError, RemoteSlot, resetRemoteSlots, withTimeout } from './RemoteSlot.tsx';
import type { RemoteModule } from './remoteModule.ts';

const wrap = (ui: ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);
const screenModule = (text: string): RemoteModule => ({ default: () => <h1>{text}</h1> });

/** A loader whose promise the test settles when it wants. */
function controllableLoader() {
  const pending: { resolve: (m: RemoteModule) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<RemoteModule>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { load, pending };
}

beforeEach(() => {
  resetRemoteSlots();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('RemoteSlot', () => {
  it('shows a spinner while the remote loads, then the screen', async () => {
    const { load, pending } = controllableLoader();
    wrap(<RemoteSlot id="remote_browse/GroupsPage" part="Browsing" load={load} timeoutMs={10_000} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading browsing…');
    await act(async () => pending[0]!.resolve(screenModule('Groups')));
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the first render the page's first script left for this screen at this address while it loads, and when it arrives later", async () => {
    const key = Symbol.for(EARLY_FIRST_RENDER_KEY);
    const early = {
      remote: 'remote_browse',
      screen: 'GroupsPage',
      pathname: '/groups',
      html: '<h1>Groups</h1><p>Intro</p>',
    };
    window.history.replaceState(null, '', '/groups');
    try {
      // Another screen's, or this screen's at another address: a spinner.
      Reflect.set(window, key, { ...early, screen: 'GroupPage' });
      const other = controllableLoader();
      const { unmount } = wrap(
        <RemoteSlot id="remote_browse/GroupsPage" part="Browsing" load={other.load} timeoutMs={10_000} />,
      );
      expect(screen.getByRole('status')).toHaveTextContent('Loading browsing…');
      // Left once the slot is already waiting (told by its event): the slot shows it.
      act(() => {
        Reflect.set(window, key, early);
        window.dispatchEvent(new Event(EARLY_FIRST_RENDER_EVENT));
      });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByText('Intro').closest('[data-first-render]')).toHaveStyle({ display: 'contents' });
      unmount();
      resetRemoteSlots();

      const { load, pending } = controllableLoader();
      wrap(<RemoteSlot id="remote_browse/GroupsPage" part="Browsing" load={load} timeoutMs={10_000} />);
      expect(screen.getByRole('heading', { name: 'Groups' })).toBeInTheDocument();
      expect(screen.getByText('Intro')).toBeInTheDocument();
      await act(async () => pending[0]!.resolve({ default: () => <p>The screen</p> }));
      expect(await screen.findByText('The screen')).toBeInTheDocument();
      expect(screen.queryByText('Intro')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, key);
    }
  });

  it('shows a fallback naming the part when the remote fails, and Retry loads it again without a reload', async () => {
    const { load, pending } = controllableLoader();
    wrap(<RemoteSlot id="remote_browse/GroupsPage" part="Browsing" load={load} timeoutMs={10_000} />);
    await act(async () => pending[0]!.reject(new Error('RUNTIME-008: failed to load remoteEntry')));

    expect(await screen.findByRole('heading', { name: 'Browsing is unavailable right now' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load this part of Snapshire");

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => pending[1]!.resolve(screenModule('Groups')));
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives up after the time-out when the remote never answers', async () => {
    const { load } = controllableLoader();
    wrap(<RemoteSlot id="remote_auth/AuthScreen" part="Sign-in" load={load} timeoutMs={60} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Sign-in is unavailable right now' }, { timeout: 2_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('taking too long to load');
  });

  it('takes the time-out from the runtime config when none is given', async () => {
    vi.useFakeTimers();
    try {
      const { load } = controllableLoader();
      const { RuntimeConfigProvider, withDefaults } = await import('../../app/runtimeConfig.tsx');
      const config = withDefaults({
        supabaseUrl: 'http://x',
        supabaseAnonKey: 'k',
        remotes: { remote_browse: 'http://b/m.json', remote_auth: 'http://a/m.json', remote_upload: 'http://u/m.json' },
        remoteTimeoutMs: 5_000,
      });
      wrap(
        <RuntimeConfigProvider config={config}>
          <RemoteSlot id="remote_upload/NewPostScreen" part="Posting" load={load} />
        </RuntimeConfigProvider>,
      );
      await act(async () => vi.advanceTimersByTime(4_900));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(200));
      expect(screen.getByRole('heading', { name: 'Posting is unavailable right now' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a loaded screen across remounts, and retries a failed one on the next mount', async () => {
    const ok = vi.fn(async () => screenModule('Groups'));
    const first = wrap(<RemoteSlot id="remote_browse/GroupsPage" part="Browsing" load={ok} timeoutMs={1_000} />);
    await screen.findByRole('heading', { name: 'Groups' });
    first.unmount();
    wrap(<RemoteSlot id="remote_browse/GroupsPage" part="Browsing" load={ok} timeoutMs={1_000} />);
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    expect(ok).toHaveBeenCalledTimes(1);

    const failing = vi.fn(async (): Promise<RemoteModule> => {
      throw new Error('down');
    });
    const second = wrap(<RemoteSlot id="remote_auth/AuthScreen" part="Sign-in" load={failing} timeoutMs={1_000} />);
    await screen.findByRole('heading', { name: 'Sign-in is unavailable right now' });
    second.unmount();
    wrap(<RemoteSlot id="remote_auth/AuthScreen" part="Sign-in" load={failing} timeoutMs={1_000} />);
    await screen.findByRole('heading', { name: 'Sign-in is unavailable right now' });
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

describe('RemoteSlot recovery after a redeploy', () => {
  it('re-reads the manifest and retries once on its own: a failed load never shows the fallback', async () => {
    const load = vi
      .fn<() => Promise<RemoteModule>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module: GroupPage-old.js'))
      .mockResolvedValueOnce(screenModule('Group (new build)'));
    const reload = vi.fn(async () => 'newbuild');
    wrap(<RemoteSlot id="remote_browse/GroupPage" part="Browsing" load={load} reload={reload} timeoutMs={5_000} />);
    expect(await screen.findByRole('heading', { name: 'Group (new build)' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the fallback only when the retry fails too, and Retry re-reads the manifest first', async () => {
    const load = vi.fn(async (): Promise<RemoteModule> => {
      throw new Error('down');
    });
    const reload = vi.fn(async () => 'b1');
    wrap(<RemoteSlot id="remote_browse/GroupPage" part="Browsing" load={load} reload={reload} timeoutMs={5_000} />);
    await screen.findByRole('heading', { name: 'Browsing is unavailable right now' });
    expect([load.mock.calls.length, reload.mock.calls.length]).toEqual([2, 1]);

    load.mockResolvedValueOnce(screenModule('Group'));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Group' })).toBeInTheDocument();
    expect([load.mock.calls.length, reload.mock.calls.length]).toEqual([3, 2]);
  });

  it('recovers once from a chunk that fails while the screen renders', async () => {
    let broken = true;
    function Screen() {
      if (broken) throw new Error('Failed to fetch dynamically imported module: PostModal-old.js');
      return <h1>Post</h1>;
    }
    const load = vi.fn(async (): Promise<RemoteModule> => ({ default: Screen }));
    const reload = vi.fn(async () => {
      broken = false;
      return 'b2';
    });
    wrap(<RemoteSlot id="remote_browse/PostView" part="Browsing" load={load} reload={reload} timeoutMs={5_000} />);
    expect(await screen.findByRole('heading', { name: 'Post' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a modal screen loading full screen, as the modal it becomes (not a small box that then grows)', () => {
    const { load } = controllableLoader();
    wrap(
      <RemoteSlot
        id="remote_browse/PostView"
        part="Browsing"
        load={load}
        timeoutMs={5_000}
        presentation={{ kind: 'dialog', onClose: vi.fn() }}
      />,
    );
    const cover = screen.getByTestId('remote-slot-loading');
    expect(cover).toHaveStyle({ position: 'fixed', inset: '0px' });
    // The spinner sits on the cover itself, which has the modal's own background.
    expect(cover).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status').parentElement).toBe(cover);
  });

  it('draws the fallback of a modal screen in a dialog, with Close', async () => {
    const onClose = vi.fn();
    const load = vi.fn(async (): Promise<RemoteModule> => {
      throw new Error('down');
    });
    wrap(
      <RemoteSlot
        id="remote_browse/PostView"
        part="Browsing"
        load={load}
        timeoutMs={5_000}
        presentation={{ kind: 'dialog', onClose }}
      />,
    );
    const title = await screen.findByRole('heading', { name: 'Browsing is unavailable right now' });
    expect(screen.getByRole('dialog')).toContainElement(title);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('withTimeout', () => {
  it('passes a value through and clears its timer', async () => {
    await expect(withTimeout(Promise.resolve(7), 50, 'x')).resolves.toBe(7);
  });
  it('rejects with RemoteLoadTimeoutError when the promise is too slow', async () => {
    await expect(withTimeout(new Promise(() => {}), 20, 'remote_x/Y')).rejects.toBeInstanceOf(RemoteLoadTimeoutError);
  });
  it('passes a rejection through', async () => {
    await expect(withTimeout(Promise.reject(new Error('boom')), 50, 'x')).rejects.toThrow('boom');
  });
});
