import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { isChunkLoadError, reloadForChunkError } from './app/known-errors';
import { initI18n } from './i18n/i18n';
import { handleIdentityCallback } from './session/identity-callback';
import './index.css';

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadForChunkError();
});
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadForChunkError();
});

async function start() {
  await initI18n();
  if (await handleIdentityCallback()) return;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
