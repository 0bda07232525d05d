import { createBrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { giveFirstEntryItsOwnKey } from './firstEntryKey.ts';

afterEach(() => window.history.replaceState(null, ''));

describe('giveFirstEntryItsOwnKey', () => {
  it('gives the entry a document opens on a key of its own, which the router then uses', () => {
    window.history.replaceState(null, '');
    expect(createBrowserRouter([{ path: '*', element: null }]).state.location.key).toBe('default');

    window.history.replaceState(null, '');
    giveFirstEntryItsOwnKey();
    const key = (window.history.state as { key: string }).key;
    expect(key).toMatch(/^[a-z0-9]+$/);
    expect(key).not.toBe('default');
    const router = createBrowserRouter([{ path: '*', element: null }]);
    expect(router.state.location.key).toBe(key);
    router.dispose();
  });

  it('keeps the key of an entry that has one (a reload, or Back to an entry the router made)', () => {
    window.history.replaceState({ usr: { from: 'list' }, key: 'kept1234', idx: 3 }, '');
    giveFirstEntryItsOwnKey();
    expect(window.history.state).toEqual({ usr: { from: 'list' }, key: 'kept1234', idx: 3 });
  });

  it('gives two documents opened on new entries different keys', () => {
    window.history.replaceState(null, '');
    giveFirstEntryItsOwnKey();
    const first = (window.history.state as { key: string }).key;
    window.history.replaceState(null, '');
    giveFirstEntryItsOwnKey();
    expect((window.history.state as { key: string }).key).not.toBe(first);
  });
});
