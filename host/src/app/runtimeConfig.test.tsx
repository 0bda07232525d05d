import { LIMITS } from '@snapshire/contracts';
import { DEFAULT_LANDING_IMAGE_URL } from '@snapshire/federation/site';
import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './runtimeConfig.tsx';

const valid = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey: 'anon',
  remotes: {
    remote_browse: 'http://127.0.0.1:5174/mf-manifest.json',
    remote_auth: 'http://127.0.0.1:5175/mf-manifest.json',
    remote_upload: 'http://127.0.0.1:5176/mf-manifest.json',
  },
};
const respond = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('loadRuntimeConfig', () => {
  it('reads /config.json uncached and fills in the defaults', async () => {
    const fetchImpl = respond(valid);
    const config = await loadRuntimeConfig(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    expect(config.remoteTimeoutMs).toBe(LIMITS.REMOTE_LOAD_TIMEOUT_MS);
    expect(config.landingImageUrl).toBe(DEFAULT_LANDING_IMAGE_URL);
    expect(config.remotes.remote_auth).toBe(valid.remotes.remote_auth);
  });

  it('keeps configured settings', async () => {
    const config = await loadRuntimeConfig(
      respond({
        ...valid,
        remoteTimeoutMs: 3000,
        landingImageUrl: 'https://picsum.photos/seed/{seed}/{size}',
      }) as unknown as typeof fetch,
    );
    expect(config.remoteTimeoutMs).toBe(3000);
    expect(config.landingImageUrl).toBe('https://picsum.photos/seed/{seed}/{size}');
  });

  it('refuses a config without a remote, and an HTTP error', async () => {
    const { remote_upload: _, ...twoRemotes } = valid.remotes;
    await expect(
      loadRuntimeConfig(respond({ ...valid, remotes: twoRemotes }) as unknown as typeof fetch),
    ).rejects.toThrow(/remotes\.remote_upload/);
    await expect(loadRuntimeConfig(respond({}, 404) as unknown as typeof fetch)).rejects.toThrow('404');
  });
});
