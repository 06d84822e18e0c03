import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf, isLanguage } from '../lib/language.ts';
import { theme } from './theme.ts';

/** Spec: notifications at the top left, hidden after 3000 ms. */
export const NOTIFICATION_TIMEOUT_MS = 3000;

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
            <ModalsProvider>
              <Notifications position="top-left" autoClose={NOTIFICATION_TIMEOUT_MS} />
              {children}
            </ModalsProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
