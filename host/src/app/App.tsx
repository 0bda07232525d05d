import { DataProvider } from '@snapshire/data';
import { UiProvider } from '@snapshire/ui';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { giveFirstEntryItsOwnKey } from '../features/scroll/firstEntryKey.ts';
import { routes } from './routes.tsx';
import { RuntimeConfigProvider, type HostConfig } from './runtimeConfig.tsx';

/** The shell: runtime config, theme, the session and Apollo (packages/data), and the routes. */
export function App({ config }: { config: HostConfig }) {
  const [router] = useState(() => {
    giveFirstEntryItsOwnKey();
    return createBrowserRouter(routes);
  });
  return (
    <RuntimeConfigProvider config={config}>
      <UiProvider>
        <DataProvider config={config}>
          <RouterProvider router={router} />
        </DataProvider>
      </UiProvider>
    </RuntimeConfigProvider>
  );
}
