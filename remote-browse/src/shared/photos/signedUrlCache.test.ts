import { describe, expect, it, vi } from 'vitest';
import { LIMITS, MESSAGES } from '@snapshire/contracts';
import {
  SIGNED_URL_REUSE_MARGIN_MS,
  SignedUrlCache,
  failedEntry,
  isReusable,
  loadedEntry,
  parseStoredEntries,
  serializeEntries,
  type KeyValueStorage,
} from './signedUrlCache.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('signed URL cache entries', () => {
  it('a loaded entry expires 24 hours after it was fetched', () => {
    const entry = loadedEntry('https://x/sign?token=1', NOW);
    expect(entry).toEqual({ loading: false, signedUrl: 'https://x/sign?token=1', expiresAt: NOW + 86_400_000 });
    expect(LIMITS.SIGNED_URL_CACHE_TTL_MS).toBe(86_400_000);
  });

  it('reuses only loaded, unexpired entries', () => {
    const entry = loadedEntry('u', NOW);
    expect(isReusable(entry, NOW)).toBe(true);
    expect(isReusable(entry, NOW + 86_400_000 - SIGNED_URL_REUSE_MARGIN_MS - 1)).toBe(true);
    expect(isReusable(entry, NOW + 86_400_000)).toBe(false);
    expect(isReusable({ loading: true }, NOW)).toBe(false);
    expect(isReusable(failedEntry(), NOW)).toBe(false);
    expect(isReusable(undefined, NOW)).toBe(false);
    expect(failedEntry()).toEqual({ loading: false, error: MESSAGES.SIGNED_URL_FAILED });
  });

  it('logs and ignores unparseable or foreign JSON', () => {
    const log = vi.fn();
    expect(parseStoredEntries('{not json', log)).toEqual({});
    expect(log).toHaveBeenCalledTimes(1);
    expect(parseStoredEntries('[1,2]', log)).toEqual({});
    expect(parseStoredEntries(null, log)).toEqual({});
    expect(
      parseStoredEntries(
        JSON.stringify({ signedUrls: { a: { loading: false, signedUrl: 'u', expiresAt: 5 }, b: 7 } }),
        log,
      ),
    ).toEqual({
      a: { loading: false, signedUrl: 'u', expiresAt: 5 },
    });
  });

  it('stores loading, loaded and failed entries but drops expired ones', () => {
    const stored = JSON.parse(
      serializeEntries(
        {
          fresh: loadedEntry('u', NOW),
          old: loadedEntry('v', NOW - 86_400_000),
          failed: failedEntry(),
          busy: { loading: true },
        },
        NOW,
      ),
    );
    expect(Object.keys(stored.signedUrls).sort()).toEqual(['busy', 'failed', 'fresh']);
  });
});

describe('SignedUrlCache', () => {
  const make = (storage: KeyValueStorage, now = () => NOW) =>
    new SignedUrlCache({ storageKey: 'post-store', storage: () => storage, now, log: () => {}, schedule: (w) => w() });

  it('requests once, marks the key loading first, then stores the URL under the post-store key', async () => {
    const storage = memoryStorage();
    const cache = make(storage);
    let resolveRequest!: (url: string) => void;
    const request = vi.fn(() => new Promise<string>((r) => (resolveRequest = r)));
    const pending = cache.resolve('k', request);
    const again = cache.resolve('k', request);
    expect(cache.get('k')).toEqual({ loading: true });
    resolveRequest('https://signed');
    expect(await pending).toEqual(await again);
    expect(request).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data['post-store']!).signedUrls.k.signedUrl).toBe('https://signed');
  });

  it('reuses a stored URL across page loads while unexpired, then requests a new one', async () => {
    const storage = memoryStorage({
      'post-store': JSON.stringify({ signedUrls: { k: loadedEntry('https://cached', NOW - 1000) } }),
    });
    const request = vi.fn(async () => 'https://fresh');
    expect(await make(storage).resolve('k', request)).toMatchObject({ signedUrl: 'https://cached' });
    expect(request).not.toHaveBeenCalled();
    const nextDay = make(storage, () => NOW + 86_400_000);
    expect(await nextDay.resolve('k', request)).toMatchObject({ signedUrl: 'https://fresh' });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('records a failure as Failed to fetch signed URL and asks again next time', async () => {
    const cache = make(memoryStorage());
    expect(await cache.resolve('k', () => Promise.reject(new Error('403')))).toEqual(failedEntry());
    expect(await cache.resolve('k', async () => 'https://ok')).toMatchObject({ signedUrl: 'https://ok' });
  });

  it('notifies subscribers of the key only', async () => {
    const cache = make(memoryStorage());
    const onK = vi.fn();
    const onOther = vi.fn();
    cache.subscribe('k', onK);
    cache.subscribe('other', onOther);
    await cache.resolve('k', async () => 'u');
    expect(onK).toHaveBeenCalledTimes(2); // loading, then loaded
    expect(onOther).not.toHaveBeenCalled();
  });

  it('survives a storage that throws', async () => {
    const cache = new SignedUrlCache({
      storageKey: 'post-store',
      storage: () => ({
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('full');
        },
      }),
      log: () => {},
      schedule: (w) => w(),
    });
    expect(await cache.resolve('k', async () => 'u')).toMatchObject({ signedUrl: 'u' });
  });
});

describe('SignedUrlCache.invalidate', () => {
  it('drops an entry so the next resolve signs a new URL', async () => {
    const storage = {
      data: {} as Record<string, string>,
      getItem(k: string) {
        return this.data[k] ?? null;
      },
      setItem(k: string, v: string) {
        this.data[k] = v;
      },
    };
    const cache = new SignedUrlCache({
      storageKey: 'post-store',
      storage: () => storage,
      log: () => {},
      schedule: (w) => w(),
    });
    let n = 0;
    const request = async () => `https://signed/${++n}`;
    expect(await cache.resolve('k', request)).toMatchObject({ signedUrl: 'https://signed/1' });
    cache.invalidate('k');
    expect(cache.get('k')).toBeUndefined();
    expect(JSON.parse(storage.data['post-store']!).signedUrls).toEqual({});
    expect(await cache.resolve('k', request)).toMatchObject({ signedUrl: 'https://signed/2' });
  });
});

describe('SignedUrlCache.flushPending', () => {
  it('writes a waiting coalesced write at once, and nothing when none waits', async () => {
    const storage = memoryStorage();
    const writes: Array<() => void> = [];
    const cache = new SignedUrlCache({
      storageKey: 'post-store',
      storage: () => storage,
      log: () => {},
      schedule: (w) => writes.push(w),
    });
    cache.flushPending();
    expect(storage.data['post-store']).toBeUndefined();
    await cache.resolve('k', async () => 'https://signed');
    expect(storage.data['post-store']).toBeUndefined(); // the timer has not fired
    cache.flushPending();
    expect(JSON.parse(storage.data['post-store']!).signedUrls.k.signedUrl).toBe('https://signed');
  });
});

describe('SignedUrlCache.resolveMany', () => {
  const make = (storage: KeyValueStorage) =>
    new SignedUrlCache({ storageKey: 'post-store', storage: () => storage, log: () => {}, schedule: (w) => w() });

  it('asks once for all missing keys, skipping cached and in-flight ones; a key left out is failed', async () => {
    const cache = make(
      memoryStorage({ 'post-store': JSON.stringify({ signedUrls: { cached: loadedEntry('https://c', Date.now()) } }) }),
    );
    let answer!: (urls: Map<string, string>) => void;
    const request = vi.fn((_missing: string[]) => new Promise<ReadonlyMap<string, string>>((r) => (answer = r)));
    const pending = cache.resolveMany(['cached', 'a', 'b'], request);
    expect(request).toHaveBeenCalledWith(['a', 'b']);
    expect(cache.get('a')).toEqual({ loading: true });
    expect(cache.missing(['cached', 'a', 'b', 'c'])).toEqual(['c']); // a and b are on their way
    const second = vi.fn(async () => new Map<string, string>());
    await cache.resolveMany(['a', 'b'], second);
    expect(second).not.toHaveBeenCalled();
    answer(new Map([['a', 'https://a']]));
    await pending;
    expect(cache.reusableUrl('a')).toBe('https://a');
    expect(cache.get('b')).toEqual(failedEntry());
    expect(cache.missing(['a', 'b'])).toEqual(['b']); // a failure is asked again next time
  });

  it('records every key as failed when the request fails', async () => {
    const cache = make(memoryStorage());
    await cache.resolveMany(['a', 'b'], () => Promise.reject(new Error('503')));
    expect([cache.get('a'), cache.get('b')]).toEqual([failedEntry(), failedEntry()]);
  });
});
