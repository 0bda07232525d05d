/**
 * Loads the modules that draw a page at build time (host/build/prerenderShell.tsx,
 * packages/standalone/build/firstRender.tsx) through a Vite server in SSR mode, as a server-rendered app would
 * load them; the server is closed at once.
 */
import { createServer } from 'vite';

/** Runs `drawWith` with a Vite SSR module loader rooted at `root` (an app's folder), then closes the server. */
export async function withSsrLoader<T>(root: string, drawWith: (load: (id: string) => Promise<unknown>) => Promise<T>) {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // The workspace packages are TypeScript: compiled here, as the build compiles them.
    ssr: { noExternal: [/^@snapshire\//] },
  });
  try {
    return await drawWith((id) => server.ssrLoadModule(id));
  } finally {
    await server.close();
  }
}
