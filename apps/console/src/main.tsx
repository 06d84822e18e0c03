import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createQueryClient, forgetDataOnSessionChange } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { preloadLazyComponents } from './components/lazy-screen.tsx';
import { initI18n, loadTranslations } from './lib/i18n.ts';
import { applyDocumentLanguage, readLanguageCookie } from './lib/language.ts';

const language = readLanguageCookie();
applyDocumentLanguage(language);
const i18n = initI18n(language);
const queryClient = createQueryClient();
forgetDataOnSessionChange(queryClient);
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Once the first screen shows, the other screens' code is fetched while the owner reads it. */
function preloadWhenIdle() {
  const preload = () => void preloadLazyComponents().catch(() => {});
  if ('requestIdleCallback' in window) window.requestIdleCallback(preload, { timeout: 5000 });
  else setTimeout(preload, 2000);
}

void loadTranslations(language).then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  if (document.readyState === 'complete') preloadWhenIdle();
  else window.addEventListener('load', preloadWhenIdle, { once: true });
});
