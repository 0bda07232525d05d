import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { remoteExposes } from './index.ts';
import { localAnonKey } from './localKeys.ts';
import { DEFAULT_PORTS, REMOTES } from './remotes.ts';
import { SCREEN_REMOTES, screenModulesOf } from '@snapshire/contracts';
import { buildRuntimeConfig, runtimeConfigFromEnv } from './runtimeConfig.ts';
import { SHARED_PACKAGES, packageOf, sharedMap } from './shared.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

describe('sharedMap', () => {
  it('makes every shared library a singleton at its installed version', () => {
    const map = sharedMap(HERE);
    for (const name of [
      'react',
      'react-dom',
      'react-router-dom',
      '@apollo/client',
      '@apollo/client/react',
      '@chakra-ui/react/styled-system',
      '@emotion/react',
      '@snapshire/data',
      '@snapshire/ui',
    ])
      expect(SHARED_PACKAGES).toContain(name);
    for (const [name, config] of Object.entries(map)) {
      expect(config.version, name).toMatch(/^\d+\.\d+\.\d+/);
      expect(config.requiredVersion, name).toBe(`^${config.version}`);
      expect(config.strictVersion, name).toBe(false);
    }
    expect(map['@apollo/client/react'].version).toBe(map['@apollo/client'].version);
    expect(map['react/jsx-runtime'].version).toBe(map.react.version);
    // Stateless and tree-shaken: each app keeps the few parts it uses.
    expect(SHARED_PACKAGES).not.toContain('graphql');
  });

  it("declares the versions installed for the app being built, not the repository root's", () => {
    // An app folder inside the repository (so the other packages resolve up the tree) with its own copy.
    const app = mkdtempSync(join(HERE, '.app-'));
    try {
      mkdirSync(join(app, 'node_modules', '@apollo', 'client'), { recursive: true });
      writeFileSync(join(app, 'node_modules', '@apollo', 'client', 'package.json'), '{"version":"4.9.9"}');
      const map = sharedMap(app);
      expect(map['@apollo/client']).toMatchObject({ version: '4.9.9', requiredVersion: '^4.9.9' });
      expect(map['@apollo/client/react'].version).toBe('4.9.9');
      expect(map.react.version).toBe(sharedMap(HERE).react.version);
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it('finds the package of a subpath import', () => {
    expect(packageOf('@apollo/client/link/context')).toBe('@apollo/client');
    expect(packageOf('react-dom/client')).toBe('react-dom');
  });
});

describe('runtime config', () => {
  it('points each remote at its manifest on its own origin', () => {
    const config = buildRuntimeConfig({
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      remoteOrigins: {
        remote_browse: 'https://browse.example/',
        remote_auth: 'https://auth.example',
        remote_upload: 'https://up.example',
      },
    });
    expect(config.remotes).toEqual({
      remote_browse: 'https://browse.example/mf-manifest.json',
      remote_auth: 'https://auth.example/mf-manifest.json',
      remote_upload: 'https://up.example/mf-manifest.json',
    });
    expect(config.landingImageUrl).toBe('/landing/photo-{seed}.svg');
    expect(config).not.toHaveProperty('remoteTimeoutMs');
  });

  it('reads ports, backend and time-out from the environment, with local defaults', () => {
    const defaults = runtimeConfigFromEnv({});
    expect(defaults.supabaseUrl).toBe(`http://127.0.0.1:${DEFAULT_PORTS.backend}`);
    expect(defaults.remotes.remote_auth).toBe(`http://127.0.0.1:${DEFAULT_PORTS.remote_auth}/mf-manifest.json`);
    const custom = runtimeConfigFromEnv({
      REMOTE_BROWSE_PORT: '6001',
      BACKEND_PORT: '6000',
      REMOTE_TIMEOUT_MS: '3000',
    });
    expect(custom.supabaseUrl).toBe('http://127.0.0.1:6000');
    expect(custom.remotes.remote_browse).toBe('http://127.0.0.1:6001/mf-manifest.json');
    expect(custom.remoteTimeoutMs).toBe(3000);
  });

  it("derives Supabase's well-known local anon key from the default JWT secret", () => {
    expect(localAnonKey()).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
    );
  });

  it('exposes every screen SCREENS (packages/contracts) gives a remote, from a module that exists', () => {
    for (const remote of SCREEN_REMOTES) {
      const exposes = remoteExposes(remote);
      expect(Object.keys(exposes)).toEqual(screenModulesOf(remote).map((module) => `./${module}`));
      for (const path of Object.values(exposes))
        expect(existsSync(join(HERE, '../../..', REMOTES[remote].workspace, path)), path).toBe(true);
    }
  });
});
