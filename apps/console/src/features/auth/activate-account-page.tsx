import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { failureMessage } from '../../lib/form-errors.ts';
import { localizeMessage } from '../../lib/messages.ts';
import { activateAccount } from './auth-api.ts';
import { AuthHeading } from './auth-heading.tsx';

export function ActivateAccountPage() {
  const { t } = useTranslation();
  const { user_id: userId = '', code = '' } = useParams();
  const activation = useQuery({
    queryKey: ['activate-account', userId, code],
    queryFn: () => activateAccount(userId, code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <Stack>
      <AuthHeading title={t('auth.activate.title')} />
      {activation.isPending && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{t('auth.activate.checking')}</Text>
        </Group>
      )}
      {activation.isSuccess && (
        <Alert color="green" variant="light" role="status" data-testid="activation-result">
          {localizeMessage(t, activation.data.msg ?? '') || t('messages.accountActivated')}
        </Alert>
      )}
      {activation.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="activation-result">
          {failureMessage(activation.error, t, t('messages.activationInvalid'))}
        </Alert>
      )}
      <Button component={Link} to="/user/login" variant="light">
        {t('auth.activate.toLogin')}
      </Button>
    </Stack>
  );
}
