import { LIMITS } from '@snapshire/contracts';
import { DEFAULT_LANDING_IMAGE_URL } from '@snapshire/federation/site';
import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from './runtimeConfig.tsx';

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

  it('turns off only a remote whose entry is missing or malformed, saying why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { remote_upload: _, ...twoRemotes } = valid.remotes;
    const config = await loadRuntimeConfig(
      respond({ ...valid, remotes: { ...twoRemotes, remote_auth: 'not a url' } }) as unknown as typeof fetch,
    );
    expect(config.remotes).toEqual({
      remote_browse: valid.remotes.remote_browse,
      remote_auth: null,
      remote_upload: null,
    });
    expect(config.remoteProblems).toEqual({
      remote_auth: 'remotes.remote_auth is not a URL',
      remote_upload: 'remotes.remote_upload is missing',
    });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('remotes.remote_upload is missing'));
  });

  it("refuses to start, in an operator's words, only when the shell itself cannot", async () => {
    await expect(loadRuntimeConfig(respond({}, 404) as unknown as typeof fetch)).rejects.toMatchObject({
      name: 'StartupConfigError',
      detail: expect.stringContaining('answered HTTP 404'),
    });
    await expect(
      loadRuntimeConfig(respond({ ...valid, supabaseUrl: undefined }) as unknown as typeof fetch),
    ).rejects.toThrow('supabaseUrl is missing (the address of the Supabase project)');
    const notJson = vi.fn(async () => new Response('<html>', { status: 200 }));
    await expect(loadRuntimeConfig(notJson as unknown as typeof fetch)).rejects.toThrow('is not valid JSON');
  });

  it('takes the first-byte time-out from the config, default 8 s', async () => {
    expect((await loadRuntimeConfig(respond(valid) as unknown as typeof fetch)).remoteFirstByteTimeoutMs).toBe(
      LIMITS.REMOTE_FIRST_BYTE_TIMEOUT_MS,
    );
    const config = await loadRuntimeConfig(
      respond({ ...valid, remoteFirstByteTimeoutMs: 500 }) as unknown as typeof fetch,
    );
    expect(config.remoteFirstByteTimeoutMs).toBe(500);
  });

  it('reads the config the server inlined in the page, without fetching /config.json', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = RUNTIME_CONFIG_ELEMENT_ID;
    block.textContent = JSON.stringify({ ...valid, remoteTimeoutMs: 4000 });
    document.head.append(block);
    try {
      const fetchImpl = respond({});
      const config = await loadRuntimeConfig(fetchImpl as unknown as typeof fetch);
      expect(fetchImpl).not.toHaveBeenCalled();
      expect(config.remoteTimeoutMs).toBe(4000);
      expect(config.remotes.remote_browse).toBe(valid.remotes.remote_browse);
      block.textContent = '{"supabaseUrl": ';
      await expect(loadRuntimeConfig(fetchImpl as unknown as typeof fetch)).rejects.toThrow(
        `#${RUNTIME_CONFIG_ELEMENT_ID}) is not valid JSON`,
      );
      block.textContent = JSON.stringify({ ...valid, supabaseAnonKey: undefined });
      await expect(loadRuntimeConfig(fetchImpl as unknown as typeof fetch)).rejects.toThrow('supabaseAnonKey');
    } finally {
      block.remove();
    }
  });
});
