import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageReady } from './i18n';
import { App } from './app/App';

// A remembered language other than Portuguese is fetched first, so the first paint is already in it.
void languageReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
