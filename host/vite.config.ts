// The federation wiring is imported by path: Vite's config loader runs it on Node, which cannot load the
// workspace package's TypeScript through its package name.
import { hostFederation, portsFromEnv, runtimeConfigPlugin } from '../packages/federation/src/index.ts';
import { compressPlugin } from '../packages/federation/src/compressPlugin.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { earlyRemotePlugin } from './build/earlyRemotePlugin.ts';
import { landingPhotosPlugin } from './build/landingPhotos.ts';
import { prerenderShellPlugin } from './build/prerenderShellPlugin.ts';
import { globalCssPlugin } from '../packages/ui/build/globalCssPlugin.ts';

const ports = portsFromEnv(process.env);

/** This app's folder: its shared libraries' versions are read from here (see sharedMap). */
const appDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // Served from the site root: deep links like /groups/:id load the same index.html.
  base: '/',
  plugins: [
    react(),
    globalCssPlugin(),
    hostFederation(appDir),
    runtimeConfigPlugin(),
    landingPhotosPlugin(),
    earlyRemotePlugin(),
    prerenderShellPlugin(),
    compressPlugin(),
  ],
  server: { port: ports.host, strictPort: true, host: '127.0.0.1' },
  preview: { port: ports.host, strictPort: true, host: '127.0.0.1' },
  build: { target: 'es2022', sourcemap: false },
});
