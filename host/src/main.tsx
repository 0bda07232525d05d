import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadRuntimeConfig, StartupConfigError } from './app/runtimeConfig.tsx';
import { StartupError } from './app/StartupError.tsx';
import { registerFederatedRemotes, startLoadingScreens } from './features/remotes/federatedRemotes.ts';
import { remoteScreensAt } from './app/routes.tsx';

const root = createRoot(document.getElementById('root')!);

// Start: read /config.json, tell the federation runtime where the remotes are, then render the shell.
loadRuntimeConfig()
  .then((config) => {
    registerFederatedRemotes(config);
    startLoadingScreens(remoteScreensAt(window.location.pathname));
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Snapshire could not start:', error instanceof Error ? error.message : error);
    root.render(<StartupError detail={error instanceof StartupConfigError ? error.detail : undefined} />);
  });
