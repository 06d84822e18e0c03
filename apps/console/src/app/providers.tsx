import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './text-direction.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { lazyComponent } from '../components/lazy-screen.tsx';
import { directionOf, isLanguage } from '../lib/language.ts';
import { theme } from './theme.ts';

// Toasts and confirm dialogs are not in the first load: a toast raised before they arrive waits in the
// notifications store and shows when they mount; dialogs open on clicks in screens, which load after them.
const Overlays = lazyComponent(() => import('./overlays.tsx').then((file) => file.Overlays));

interface ProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  /** `test` turns off transitions and portals (component tests) */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function Providers({ i18n, queryClient, env = 'default', children }: ProvidersProps) {
  const direction = directionOf(isLanguage(i18n.language) ? i18n.language : 'en');
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={direction} detectDirection={false}>
        <MantineProvider theme={theme} env={env}>
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={null}>
              <Overlays />
            </Suspense>
            {children}
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
