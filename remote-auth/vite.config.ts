// The federation wiring is imported by path: Vite's config loader runs it on Node, which cannot load the
// workspace package's TypeScript through its package name.
import { portsFromEnv, remoteFederation, runtimeConfigPlugin } from '../packages/federation/src/index.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const port = portsFromEnv(process.env).remote_auth;

/** This app's folder: its shared libraries' versions are read from here (see sharedMap). */
const appDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // Relative asset URLs: the built remote works from whatever origin serves it (no rebuild to move it).
  base: './',
  plugins: [react(), remoteFederation('remote_auth', appDir), runtimeConfigPlugin()],
  server: { port, strictPort: true, host: '127.0.0.1', origin: `http://127.0.0.1:${port}`, cors: true },
  preview: { port, strictPort: true, host: '127.0.0.1', cors: true },
  build: { target: 'es2022', sourcemap: false },
});
