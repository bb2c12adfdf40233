import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@/config/environment';
import { App, preloadFirstScreen } from './App';

const root = createRoot(document.getElementById('root')!);

// The first screen's code and the back office's are asked for beside the configuration, not after
// it: their modules read the configuration only when they call a service.
preloadFirstScreen(window.location.pathname);
loadRuntimeConfig()
  .then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <p role="alert" style={{ fontFamily: 'sans-serif', padding: 24 }}>
        Impossibile avviare l&apos;applicazione: {error instanceof Error ? error.message : String(error)}
      </p>,
    );
  });
