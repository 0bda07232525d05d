import { LIMITS, MESSAGES } from '@snapshire/contracts';

/**
 * The signed image URL cache (docs/product.md, "Signed image URLs"): one entry per bucket/path/transform, kept in the
 * browser's local storage under one key. An entry is loading, loaded (signed URL + expiry) or failed.
 */
export interface SignedUrlEntry {
  loading: boolean;
  signedUrl?: string;
  /** Epoch milliseconds after which the URL must not be reused. */
  expiresAt?: number;
  error?: string;
}

export type SignedUrlEntries = Record<string, SignedUrlEntry>;

interface StoredShape {
  signedUrls: SignedUrlEntries;
}

/**
 * A signed URL is valid 24 h; reusing one in its last minute risks the image request landing after expiry,
 * so an entry counts as expired this long before its recorded expiry.
 */
export const SIGNED_URL_REUSE_MARGIN_MS = 60_000;

export const loadingEntry = (): SignedUrlEntry => ({ loading: true });

export const loadedEntry = (signedUrl: string, now: number): SignedUrlEntry => ({
  loading: false,
  signedUrl,
  expiresAt: now + LIMITS.SIGNED_URL_CACHE_TTL_MS,
});

export const failedEntry = (): SignedUrlEntry => ({ loading: false, error: MESSAGES.SIGNED_URL_FAILED });

/** A cached entry is reused only when it is loaded and unexpired; anything else is requested again. */
export function isReusable(
  entry: SignedUrlEntry | undefined,
  now: number,
): entry is SignedUrlEntry & {
  signedUrl: string;
  expiresAt: number;
} {
  return (
    !!entry &&
    !entry.loading &&
    !entry.error &&
    typeof entry.signedUrl === 'string' &&
    typeof entry.expiresAt === 'number' &&
    entry.expiresAt - SIGNED_URL_REUSE_MARGIN_MS > now
  );
}

function isEntry(value: unknown): value is SignedUrlEntry {
  return typeof value === 'object' && value !== null && typeof (value as SignedUrlEntry).loading === 'boolean';
}

/**
 * Reads the stored cache. Unparseable or foreign JSON is logged and ignored (an empty cache is used), as
 * docs/product.md says; malformed entries are dropped one by one.
 */
export function parseStoredEntries(
  raw: string | null,
  log: (message: string) => void = console.warn,
): SignedUrlEntries {
  if (raw === null || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    log(`Ignoring unparseable signed URL cache: ${err instanceof Error ? err.message : String(err)}`);
    return {};
  }
  const signedUrls = (parsed as Partial<StoredShape> | null)?.signedUrls;
  if (typeof signedUrls !== 'object' || signedUrls === null) {
    log('Ignoring signed URL cache of an unknown shape');
    return {};
  }
  const entries: SignedUrlEntries = {};
  for (const [key, value] of Object.entries(signedUrls)) if (isEntry(value)) entries[key] = value;
  return entries;
}

/**
 * What is written back: every entry (loading, loaded or failed, as docs/product.md describes the cache) except
 * loaded ones past their expiry, which could never be reused and would only grow the store.
 */
export function serializeEntries(entries: SignedUrlEntries, now: number): string {
  const signedUrls: SignedUrlEntries = {};
  for (const [key, entry] of Object.entries(entries)) {
    if (entry.signedUrl && !isReusable(entry, now)) continue;
    signedUrls[key] = entry;
  }
  return JSON.stringify({ signedUrls } satisfies StoredShape);
}

/** Minimal Storage surface (window.localStorage, or a fake in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface SignedUrlCacheOptions {
  /** The local-storage key the whole cache lives under. */
  storageKey: string;
  storage: () => KeyValueStorage | undefined;
  now?: () => number;
  log?: (message: string) => void;
  /** Writes are coalesced: a screen full of tiles resolving at once costs one write. */
  schedule?: (write: () => void) => void;
}

type Listener = () => void;

/**
 * The cache the image components share. Entries live in memory and are persisted, coalesced, to local
 * storage; concurrent requests for one key share one promise.
 */
export class SignedUrlCache {
  private entries: SignedUrlEntries | undefined;
  private readonly inflight = new Map<string, Promise<SignedUrlEntry>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private writeScheduled = false;
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  private readonly schedule: (write: () => void) => void;

  constructor(private readonly options: SignedUrlCacheOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? console.warn;
    this.schedule = options.schedule ?? ((write) => setTimeout(write, 250));
  }

  private load(): SignedUrlEntries {
    if (!this.entries) {
      let raw: string | null = null;
      try {
        raw = this.options.storage()?.getItem(this.options.storageKey) ?? null;
      } catch (err) {
        this.log(`Signed URL cache unavailable: ${err instanceof Error ? err.message : String(err)}`);
      }
      this.entries = parseStoredEntries(raw, this.log);
    }
    return this.entries;
  }

  get(key: string): SignedUrlEntry | undefined {
    return this.load()[key];
  }

  /** The URL to show right away, when a reusable one is cached. */
  reusableUrl(key: string): string | undefined {
    const entry = this.get(key);
    return isReusable(entry, this.now()) ? entry.signedUrl : undefined;
  }

  subscribe(key: string, listener: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private set(key: string, entry: SignedUrlEntry): void {
    this.load()[key] = entry;
    this.listeners.get(key)?.forEach((listener) => listener());
    if (!this.writeScheduled) {
      this.writeScheduled = true;
      this.schedule(() => this.flush());
    }
  }

  /** Forgets a key's entry (e.g. its URL was refused when the image loaded), so the next resolve asks anew. */
  invalidate(key: string): void {
    if (!(key in this.load())) return;
    delete this.load()[key];
    this.listeners.get(key)?.forEach((listener) => listener());
    if (!this.writeScheduled) {
      this.writeScheduled = true;
      this.schedule(() => this.flush());
    }
  }

  /** Writes now if a coalesced write is waiting: the page is going away and its timer with it. */
  flushPending(): void {
    if (this.writeScheduled) this.flush();
  }

  /** Writes the entries to local storage now. */
  flush(): void {
    this.writeScheduled = false;
    try {
      this.options.storage()?.setItem(this.options.storageKey, serializeEntries(this.load(), this.now()));
    } catch (err) {
      // A full or disabled storage only costs a re-request on the next visit.
      this.log(`Could not store signed URLs: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /**
   * The entry for `key`: a reusable cached one as is; otherwise marks the key loading and asks `request`
   * for a fresh URL, recording it as loaded, or as failed with 'Failed to fetch signed URL'.
   */
  resolve(key: string, request: () => Promise<string>): Promise<SignedUrlEntry> {
    const cached = this.get(key);
    if (isReusable(cached, this.now())) return Promise.resolve(cached);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    this.set(key, loadingEntry());
    const promise = request()
      .then(
        (url) => loadedEntry(url, this.now()),
        (err: unknown) => {
          this.log(`${MESSAGES.SIGNED_URL_FAILED}: ${err instanceof Error ? err.message : String(err)}`);
          return failedEntry();
        },
      )
      .then((entry) => {
        this.inflight.delete(key);
        this.set(key, entry);
        return entry;
      });
    this.inflight.set(key, promise);
    return promise;
  }

  /** The keys among `keys` that neither have a reusable URL nor are being asked for already. */
  missing(keys: readonly string[]): string[] {
    const now = this.now();
    return keys.filter((key) => !isReusable(this.get(key), now) && !this.inflight.has(key));
  }

  /**
   * `resolve` for many keys with one request: marks the missing keys loading and asks `request` for them all
   * at once; it answers a URL per key, and a key it leaves out (or a failed request) is recorded as failed
   * with 'Failed to fetch signed URL'. Keys cached or already asked for cost nothing.
   */
  resolveMany(
    keys: readonly string[],
    request: (missing: string[]) => Promise<ReadonlyMap<string, string>>,
  ): Promise<void> {
    const missing = this.missing(keys);
    if (missing.length === 0) return Promise.resolve();
    for (const key of missing) this.set(key, loadingEntry());
    const batch = request(missing).then(
      (urls) => urls,
      (err: unknown) => {
        this.log(`${MESSAGES.SIGNED_URL_FAILED}: ${err instanceof Error ? err.message : String(err)}`);
        return new Map<string, string>();
      },
    );
    const settled = batch.then((urls) => {
      for (const key of missing) {
        this.inflight.delete(key);
        const url = urls.get(key);
        this.set(key, url ? loadedEntry(url, this.now()) : failedEntry());
      }
    });
    for (const key of missing)
      this.inflight.set(
        key,
        settled.then(() => this.get(key) ?? failedEntry()),
      );
    return settled;
  }
}
