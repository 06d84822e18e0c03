import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthHeading } from './auth-heading.tsx';

/** Hiwar sends no reset mail: the administrator resets passwords, and this page says so. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <AuthHeading title={t('auth.passwordReset.title')} />
      <Text>{t('auth.passwordReset.body')}</Text>
      <Button component={Link} to="/user/login" variant="light">
        {t('auth.passwordReset.toLogin')}
      </Button>
    </Stack>
  );
}
