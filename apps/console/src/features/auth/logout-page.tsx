import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearToken } from '../../lib/auth-token.ts';
import { logout } from './auth-api.ts';

/** Posts the logout, then forgets the token; the sign-in guard then shows the login page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useEffect(() => {
    let isCurrent = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        if (!isCurrent) return;
        clearToken();
        queryClient.clear();
      });
    return () => {
      isCurrent = false;
    };
  }, [queryClient]);

  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('auth.logout.signingOut')}</Text>
      </Stack>
    </Center>
  );
}
