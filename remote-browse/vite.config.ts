// The federation wiring is imported by path: Vite's config loader runs it on Node, which cannot load the
// workspace package's TypeScript through its package name.
import { remoteViteConfig } from '../packages/federation/src/remoteViteConfig.ts';
import { graphqlOperationsPlugin } from '../packages/data/src/graphql/codegen.ts';
import { screenDataPlugin } from '../packages/data/src/graphql/screenDataPlugin.ts';
import { globalCssPlugin } from '../packages/ui/build/globalCssPlugin.ts';
import { firstRenderer } from '../packages/standalone/build/firstRenderer.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(
  remoteViteConfig({
    name: 'remote_browse',
    configUrl: import.meta.url,
    // This remote's own GraphQL operations: validated against the schema, generated types checked (build).
    // Its screens' first queries and first renders, published for the page's first script (screen-data.json).
    // The design system's stylesheet, linked from its standalone page.
    plugins: (appDir) => [
      globalCssPlugin(),
      graphqlOperationsPlugin(appDir),
      screenDataPlugin(new URL('./build/screenData.ts', import.meta.url).pathname, firstRenderer(appDir)),
      react(),
    ],
  }),
);
